import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_WINDOW, searchMessages } from '../src/modules/support/search.ts';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { expectKeysetPages } from './pages-helpers.ts';
import { call, createChat, signUpStaff } from './staff-helpers.ts';

// Staff search the words of messages (issue 23 point 5): PostgreSQL full text over English stems, newest first,
// a page at a time, staff only.
let now = new Date('2026-03-01T10:00:00Z');
let ctx: TestContext;
let staff: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ clock: () => (now = new Date(now.getTime() + 1000)) });
  staff = await signUpStaff(ctx);
});
afterAll(async () => ctx.close());

type Hit = { id: string; chatId: string; textMessage: string; customer: { id: string }; messengerType: string; chatReason: string; chatStatus: string };
const search = async (words: string, user = staff) => call(ctx.app, user, 'GET', `/api/staff/messages?words=${encodeURIComponent(words)}`);
const hits = (body: Record<string, unknown>) => body.messages as Hit[];
const texts = async (words: string) => hits((await search(words)).body).map((hit) => hit.textMessage);

describe('message search', () => {
  it('finds the words of customers and staff by their stems, newest first, with the chat and its customer', async () => {
    const ann = await signUp(ctx.app, { name: 'Ann Searcher' });
    const chatId = await createChat(ctx.app, ann, 'My invoices were refunded twice by mistake', 'Billing & Payments');
    const reply = await call(ctx.app, staff, 'POST', `/api/staff/chats/${chatId}/messages`, { messageType: 'text', textMessage: 'We are checking the refund of your invoice now.' });
    expect(reply.status).toBe(201);
    await createChat(ctx.app, ann, 'Nothing to see about kittens');

    const found = hits((await search('refunds invoice')).body);
    expect(found.map((hit) => hit.textMessage)).toEqual(['We are checking the refund of your invoice now.', 'My invoices were refunded twice by mistake']);
    expect(found[0]).toMatchObject({ id: reply.body.id, chatId, messengerType: 'support', chatReason: 'Billing & Payments', chatStatus: 'OPEN', customer: { id: ann.id, name: 'Ann Searcher', email: ann.email } });
    expect(found[1]).toMatchObject({ chatId, messengerType: 'user' });

    // Web-search syntax: a phrase, a word left out, either word; case does not matter.
    expect(await texts('"refunded twice"')).toEqual(['My invoices were refunded twice by mistake']);
    expect(await texts('REFUND -checking')).toEqual(['My invoices were refunded twice by mistake']);
    expect(await texts('kittens or "refunded twice"')).toEqual(['Nothing to see about kittens', 'My invoices were refunded twice by mistake']);
    expect(await texts('unicorns')).toEqual([]);
    // Only stop words: nothing to look for, so nothing found (not an error).
    expect(await texts('the of and')).toEqual([]);
  });

  it('reads pages by keyset with no message twice and none that does not match', async () => {
    const tag = `zebrafish${Date.now()}`;
    const bob = await signUp(ctx.app);
    const expected: string[] = [];
    const chatId = await createChat(ctx.app, bob, `first ${tag} message`);
    const [first] = await ctx.database.sql.query<{ id: string }>(`SELECT id FROM support_messages WHERE chat_id = $1`, [chatId]);
    expected.push(first!.id);
    const foreign: string[] = [];
    for (let i = 0; i < 22; i++) {
      const sent = await call(ctx.app, bob, 'POST', `/api/support/chats/${chatId}/messages`, { messageType: 'text', textMessage: i % 4 === 0 ? `other words ${i}` : `about the ${tag} number ${i}` });
      (i % 4 === 0 ? foreign : expected).push(sent.body.id);
    }
    const seen = await expectKeysetPages(ctx, staff, { path: `/api/staff/messages?words=${tag}`, rows: hits, expected, foreign, limit: 4 });
    // Newest first.
    expect(seen).toEqual([...expected].reverse());
  });

  it('finds the same pages whether a match is among the newest messages it reads in order or only through the words index', async () => {
    const tag = `okapi${Date.now()}`;
    const carl = await signUp(ctx.app);
    const chatId = await createChat(ctx.app, carl, `an ${tag} at the start`);
    // Matches far apart, with other messages between them: with a window of 3, most are found only by the index.
    for (let i = 0; i < 12; i++) {
      const text = i % 3 === 0 ? `the ${tag} again ${i}` : `something else ${i}`;
      expect((await call(ctx.app, carl, 'POST', `/api/support/chats/${chatId}/messages`, { messageType: 'text', textMessage: text })).status).toBe(201);
    }
    const read = async (window: number) => {
      const pages: string[][] = [];
      let cursor: string | undefined;
      do {
        const page = await searchMessages(ctx.app.db, { words: tag, limit: 2, ...(cursor ? { cursor } : {}) }, window);
        pages.push(page.messages.map((hit) => hit.textMessage));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return pages;
    };
    const expected = [[`the ${tag} again 9`, `the ${tag} again 6`], [`the ${tag} again 3`, `the ${tag} again 0`], [`an ${tag} at the start`]];
    for (const window of [RECENT_WINDOW, 1, 3, 4]) expect(await read(window), `window ${window}`).toEqual(expected);
  });

  it('answers bad input with a 4xx, never a 500', async () => {
    for (const words of ['', '   ', 'x'.repeat(201)]) {
      const res = await search(words);
      expect(res.status, words).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await call(ctx.app, staff, 'GET', '/api/staff/messages')).status).toBe(400);
    // Whatever the characters, the search reads them as words: tsquery's own syntax is no error.
    for (const words of ['"((  & | !! :* \'', '!!!', '<->', 'a:*', "o'reilly", '\\', '-', '"', 'café ünïcode 日本語']) {
      expect((await search(words)).status, words).toBe(200);
    }
  });

  it('is for staff only', async () => {
    const customer = await signUp(ctx.app);
    await createChat(ctx.app, customer, 'secret pineapple words');
    expect((await search('pineapple', customer)).status).toBe(403);
    expect((await call(ctx.app, null, 'GET', '/api/staff/messages?words=pineapple')).status).toBe(401);
  });

  it('reads the words through their index', async () => {
    await ctx.database.sql.query('SET enable_seqscan = off');
    try {
      const plan = await ctx.database.sql.query<Record<string, string>>(
        `EXPLAIN SELECT id FROM support_messages WHERE words @@ websearch_to_tsquery('english'::regconfig, 'refund')`,
      );
      expect(plan.map((row) => Object.values(row)[0]).join('\n')).toContain('support_messages_words_idx');
    } finally {
      await ctx.database.sql.query('SET enable_seqscan = on');
    }
  });
});
