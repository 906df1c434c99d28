import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { call, createChat, signUpStaff } from './staff-helpers.ts';

// After a chat is closed its customer may rate it 1 to 5 with a comment, once per closing (issue 23 point 5), and
// the overview shows the average rating and how long new chats waited for support's first answer.
let now = new Date('2026-03-01T10:00:00Z');
const tick = (ms: number) => (now = new Date(now.getTime() + ms));
let ctx: TestContext;
let staff: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ clock: () => now });
  staff = await signUpStaff(ctx);
});
afterAll(async () => ctx.close());

const close = async (chatId: string) => expect((await call(ctx.app, staff, 'POST', `/api/staff/chats/${chatId}/close`)).status).toBe(200);
const reopen = async (chatId: string) => expect((await call(ctx.app, staff, 'POST', `/api/staff/chats/${chatId}/reopen`)).status).toBe(200);
const rate = (user: TestUser, chatId: string, body: unknown) => call(ctx.app, user, 'POST', `/api/support/chats/${chatId}/rating`, body);
const ratingOf = (user: TestUser, chatId: string) => call(ctx.app, user, 'GET', `/api/support/chats/${chatId}/rating`);
const ratingsIn = async (chatId: string) => ctx.database.sql.query<{ rating: number }>(`SELECT rating FROM chat_ratings WHERE chat_id = $1`, [chatId]);

describe('rating a closed chat', () => {
  it('only once it is closed, once per closing, with an optional comment', async () => {
    const ann = await signUp(ctx.app);
    const chatId = await createChat(ctx.app, ann);
    expect((await ratingOf(ann, chatId)).body).toEqual({ rateable: false, rating: null, comment: null });
    const early = await rate(ann, chatId, { rating: 5 });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('CHAT_NOT_CLOSED');

    await close(chatId);
    expect((await ratingOf(ann, chatId)).body).toEqual({ rateable: true, rating: null, comment: null });
    const rated = await rate(ann, chatId, { rating: 4, comment: '  Quick and kind.  ' });
    expect(rated.status).toBe(201);
    expect(rated.body).toEqual({ rateable: false, rating: 4, comment: 'Quick and kind.' });
    expect((await ratingOf(ann, chatId)).body).toEqual({ rateable: false, rating: 4, comment: 'Quick and kind.' });
    const again = await rate(ann, chatId, { rating: 1 });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_RATED');

    // Reopened and closed again: a new closing, rated anew.
    tick(60_000);
    await reopen(chatId);
    expect((await ratingOf(ann, chatId)).body.rateable).toBe(false);
    tick(60_000);
    await close(chatId);
    expect((await ratingOf(ann, chatId)).body).toEqual({ rateable: true, rating: null, comment: null });
    expect((await rate(ann, chatId, { rating: 2 })).status).toBe(201);
    expect((await ratingsIn(chatId)).map((row) => row.rating).sort()).toEqual([2, 4]);
  });

  it('holds once per closing when two ratings arrive at the same time', async () => {
    const ann = await signUp(ctx.app);
    const chatId = await createChat(ctx.app, ann);
    await close(chatId);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((rating) => rate(ann, chatId, { rating })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await ratingsIn(chatId)).toHaveLength(1);
  });

  it('is refused for another customer’s chat as if it did not exist', async () => {
    const [owner, stranger] = [await signUp(ctx.app), await signUp(ctx.app)];
    const chatId = await createChat(ctx.app, owner);
    await close(chatId);
    const res = await rate(stranger, chatId, { rating: 1, comment: 'Not mine' });
    expect(res.status).toBe(404);
    expect((await ratingOf(stranger, chatId)).status).toBe(404);
    expect(await ratingsIn(chatId)).toEqual([]);
    expect((await call(ctx.app, null, 'POST', `/api/support/chats/${chatId}/rating`, { rating: 3 })).status).toBe(401);
  });

  it.each([[{ rating: 0 }], [{ rating: 6 }], [{ rating: 3.5 }], [{ rating: '5' }], [{}], [{ rating: 3, comment: 'long '.repeat(201) }], [{ rating: -1 }]])('refuses rating body #%# with 400', async (body) => {
    const ann = await signUp(ctx.app);
    const chatId = await createChat(ctx.app, ann);
    await close(chatId);
    const res = await rate(ann, chatId, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(await ratingsIn(chatId)).toEqual([]);
  });
});

describe('support figures of the overview', () => {
  it('average the last 30 days’ ratings and first-response times', async () => {
    // A fresh app: only this test's chats count.
    const own = await createTestApp({ clock: () => now });
    try {
      const sam = await signUpStaff(own);
      const empty = await call(own.app, sam, 'GET', '/api/staff/overview/support');
      expect(empty.body).toEqual({ days: 30, ratingCount: 0, averageRating: null, answeredChats: 0, medianFirstResponseSeconds: null, averageFirstResponseSeconds: null });

      const customer = await signUp(own.app);
      // Three chats answered after 60, 120 and 600 seconds, one not answered yet, one opened 40 days ago.
      const old = await createChat(own.app, customer);
      await own.database.sql.query(`UPDATE support_chats SET created_at = created_at - interval '40 days' WHERE id = $1`, [old]);
      await call(own.app, sam, 'POST', `/api/staff/chats/${old}/messages`, { messageType: 'text', textMessage: 'Late' });
      const ratings = [5, 4, 2];
      for (const [i, wait] of [60, 120, 600].entries()) {
        const chatId = await createChat(own.app, customer);
        tick(wait * 1000);
        await call(own.app, sam, 'POST', `/api/staff/chats/${chatId}/messages`, { messageType: 'text', textMessage: 'Hello!' });
        tick(5_000);
        await call(own.app, sam, 'POST', `/api/staff/chats/${chatId}/messages`, { messageType: 'text', textMessage: 'Anything else?' });
        await call(own.app, sam, 'POST', `/api/staff/chats/${chatId}/close`);
        expect((await call(own.app, customer, 'POST', `/api/support/chats/${chatId}/rating`, { rating: ratings[i] })).status).toBe(201);
      }
      await createChat(own.app, customer);

      const figures = await call(own.app, sam, 'GET', '/api/staff/overview/support');
      expect(figures.body).toEqual({ days: 30, ratingCount: 3, averageRating: 3.7, answeredChats: 3, medianFirstResponseSeconds: 120, averageFirstResponseSeconds: 260 });
      expect((await call(own.app, customer, 'GET', '/api/staff/overview/support')).status).toBe(403);
    } finally {
      await own.close();
    }
  });
});
