import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { call, createChat, listen, openTopics, signUpStaff, waitFor } from './staff-helpers.ts';

// "typing…" (issue 23 point 5): a live event to the chat's parties, throttled per person and chat, never stored.
let now = new Date('2026-03-01T10:00:00Z');
const tick = (ms: number) => (now = new Date(now.getTime() + ms));
let ctx: TestContext;
let base: string;
let staff: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ clock: () => now });
  base = await listen(ctx);
  staff = await signUpStaff(ctx);
});
afterAll(async () => ctx.close());

const typing = (user: TestUser | null, chatId: string) => call(ctx.app, user, 'POST', `/api/support/chats/${chatId}/typing`);
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('typing', () => {
  it('reaches the chat’s customer and staff, throttled, and no one else; nothing is stored', async () => {
    const [owner, stranger] = [await signUp(ctx.app), await signUp(ctx.app)];
    const chatId = await createChat(ctx.app, owner);
    const [ownerStream, staffStream, strangerStream] = [await openTopics(base, owner), await openTopics(base, staff), await openTopics(base, stranger)];
    try {
      const before = await ctx.database.sql.query(`SELECT count(*)::int AS n FROM support_messages WHERE chat_id = $1`, [chatId]);
      expect((await typing(owner, chatId)).status).toBe(204);
      await waitFor(() => staffStream.topics.includes(`typing:${chatId}:user`));
      // Typed again within two seconds: answered alike, not published again.
      tick(500);
      expect((await typing(owner, chatId)).status).toBe(204);
      tick(2000);
      expect((await typing(owner, chatId)).status).toBe(204);
      expect((await typing(staff, chatId)).status).toBe(204);
      await waitFor(() => ownerStream.topics.filter((t) => t.startsWith('typing:')).length === 3);
      await settle();
      expect(staffStream.topics.filter((t) => t.startsWith('typing:'))).toEqual([`typing:${chatId}:user`, `typing:${chatId}:user`, `typing:${chatId}:support`]);
      expect(ownerStream.topics.filter((t) => t.startsWith('typing:'))).toEqual([`typing:${chatId}:user`, `typing:${chatId}:user`, `typing:${chatId}:support`]);

      // Another customer can neither signal nor hear it.
      expect((await typing(stranger, chatId)).status).toBe(404);
      expect((await typing(null, chatId)).status).toBe(401);
      await settle();
      expect(strangerStream.topics.filter((t) => t.startsWith('typing:'))).toEqual([]);
      expect(staffStream.topics.filter((t) => t.startsWith('typing:'))).toHaveLength(3);
      expect(await ctx.database.sql.query(`SELECT count(*)::int AS n FROM support_messages WHERE chat_id = $1`, [chatId])).toEqual(before);
    } finally {
      for (const stream of [ownerStream, staffStream, strangerStream]) stream.close();
    }
  });
});
