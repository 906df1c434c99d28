import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, type TestUser } from './helpers.ts';
import { call, createChat, signUpStaff } from './staff-helpers.ts';
import { signUp } from './helpers.ts';

const DAY = 86_400_000;
const start = Date.parse('2026-03-01T12:00:00Z');
let nowMs = start;
let ctx: TestContext;
let admin: TestUser;
let agent: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ clock: () => new Date(nowMs) });
  admin = await signUpStaff(ctx, 'admin', 'Ada Admin');
  agent = await signUpStaff(ctx, 'agent', 'Abe Agent');
  // Day 0: Ada adds two FAQs; day 1: Abe replies in a chat; day 2: Ada invites someone.
  for (const question of ['First?', 'Second?']) expect((await call(ctx.app, admin, 'POST', '/api/staff/faqs', { question, answer: 'Yes.' })).status).toBe(201);
  nowMs = start + DAY;
  const customer = await signUp(ctx.app);
  const chatId = await createChat(ctx.app, customer);
  expect((await call(ctx.app, agent, 'POST', `/api/staff/chats/${chatId}/messages`, { messageType: 'text', textMessage: 'On it.' })).status).toBe(201);
  nowMs = start + 2 * DAY;
  expect((await call(ctx.app, admin, 'POST', '/api/staff/team/invitations', { email: 'audited@example.com', role: 'agent' })).status).toBe(201);
});
afterAll(async () => ctx.close());

type Entry = { action: string; actorId: string; actorName: string; createdTimestamp: number; before: unknown; after: unknown };
const audit = async (query = '') => {
  const res = await call(ctx.app, admin, 'GET', `/api/staff/audit${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { entries: Entry[]; nextCursor: string | null };
};

describe('the audit page', () => {
  it('lists every entry newest first, with who, when, before and after', async () => {
    const { entries, nextCursor } = await audit();
    expect(entries.map((e) => e.action)).toEqual(['staff.invite', 'chat.reply', 'faq.create', 'faq.create']);
    expect(nextCursor).toBeNull();
    expect(entries[0]).toMatchObject({ actorId: admin.id, actorName: 'Ada Admin', createdTimestamp: start + 2 * DAY, before: null, after: { email: 'audited@example.com', role: 'agent' } });
    expect(entries[3]!.after).toMatchObject({ question: 'First?' });
  });

  it('filters by who, by kind of change and by when, together', async () => {
    expect((await audit(`?actorId=${agent.id}`)).entries.map((e) => e.action)).toEqual(['chat.reply']);
    expect((await audit('?group=catalogue')).entries.map((e) => e.action)).toEqual(['faq.create', 'faq.create']);
    expect((await audit('?group=team')).entries.map((e) => e.action)).toEqual(['staff.invite']);
    expect((await audit('?group=billing')).entries).toEqual([]);
    expect((await audit(`?from=${start + DAY - 1000}&to=${start + 2 * DAY}`)).entries.map((e) => e.action)).toEqual(['chat.reply']);
    expect((await audit(`?actorId=${admin.id}&group=catalogue&to=${start + 1}`)).entries).toHaveLength(2);
    expect((await audit(`?actorId=${admin.id}&group=chats`)).entries).toEqual([]);
    expect((await call(ctx.app, admin, 'GET', '/api/staff/audit?group=everything')).status).toBe(400);
    expect((await call(ctx.app, admin, 'GET', '/api/staff/audit?from=yesterday')).status).toBe(400);
  });

  it('pages by keyset with the filters kept, and refuses a made-up cursor', async () => {
    const first = await audit('?limit=1&group=catalogue');
    expect(first.entries).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    // An entry written between pages does not move the reader's place.
    expect((await call(ctx.app, admin, 'POST', '/api/staff/faqs', { question: 'Third?', answer: 'Yes.' })).status).toBe(201);
    const second = await audit(`?limit=1&group=catalogue&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.entries.map((e) => (e.after as { question: string }).question)).toEqual(['First?']);
    expect(second.nextCursor).toBeNull();
    expect((await call(ctx.app, admin, 'GET', '/api/staff/audit?cursor=nonsense')).body.error.code).toBe('INVALID_CURSOR');
  });

  it('is for admins only', async () => {
    const res = await call(ctx.app, agent, 'GET', '/api/staff/audit');
    expect([res.status, res.body.error.code]).toEqual([403, 'FORBIDDEN']);
  });
});
