import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '@portal/contracts/routes';
import { runSupportReplySweep, runUnansweredChatSweep } from '../src/modules/notifications/index.ts';
import { as, createBillingApp, subscribedUser, type ManualClock } from './billing-helpers.ts';
import type { TestContext, TestUser } from './helpers.ts';
import { call, createChat, listen, openTopics, signUpStaff, waitFor } from './staff-helpers.ts';
import { fileBytes, uploadSmall } from './uploads-helpers.ts';

// A private note (decision 0060) must never reach its chat's customer: not in any answer of a route a customer can
// call, not through their live events, not in any e-mail, not in an export. Like the IDOR matrix, the walk takes
// every route from the route table, so a customer route added later is walked the day it is added.
const NOTE = `Private note ${Date.now()}: refund approved by Dana, do not mention the discount`;
/** Any part of the note's words, in case an answer cut or quoted it. */
const FRAGMENTS = [NOTE, 'refund approved by Dana', 'do not mention the discount'];

/** Customer-facing reads that are not the API's answers to the customer: the event stream and the sandbox's own pages. */
const NOT_WALKED = new Set(['GET /api/events']);

let ctx: TestContext;
let time: ManualClock;
let staff: TestUser;
let owner: TestUser;
let chatId: string;
let ids: Record<string, string>;

const leaks = (text: string) => FRAGMENTS.filter((fragment) => text.includes(fragment));

beforeAll(async () => {
  ({ ctx, time } = await createBillingApp({ SUPPORT_REPLY_MAIL_DELAY_MS: '60000', STAFF_UNANSWERED_MAIL_AFTER_MS: '60000' }));
  staff = await signUpStaff(ctx);
  const subscribed = await subscribedUser(ctx);
  owner = subscribed.user;
  chatId = await createChat(ctx.app, owner, 'My invoice looks wrong.');
  const project = await call(ctx.app, staff, 'POST', '/api/staff/projects', { ownerId: owner.id, projectName: 'Shop app', businessName: 'Shop' });
  const fileId = await uploadSmall(ctx.app, owner.cookie, { purpose: 'profile-picture', targetId: owner.id, filetype: 'image/png' }, fileBytes('png', 2000));
  ids = {
    chatId,
    subscriptionId: subscribed.subscriptionId,
    projectId: project.body.projectId,
    fileId,
    payments: subscribed.payment.id,
    cards: subscribed.card.id,
    subscriptions: subscribed.subscriptionId,
    plans: subscribed.plan.id,
  };
});
afterAll(async () => ctx.close());

/** The owner's id for a path parameter, by its name or, for a bare `:id`, by the collection before it. */
function ownerId(path: string, param: string): string {
  if (ids[param]) return ids[param];
  const collection = path.split('/')[2] ?? '';
  return ids[collection] ?? 'unknown';
}

describe('private notes', () => {
  it('are read by staff in the conversation and never change what the customer sees of the chat', async () => {
    const before = await call(ctx.app, owner, 'GET', '/api/support/chats');
    const base = await listen(ctx);
    const customerStream = await openTopics(base, owner);
    const staffStream = await openTopics(base, staff);
    await new Promise((r) => setTimeout(r, 100));

    const note = await call(ctx.app, staff, 'POST', `/api/staff/chats/${chatId}/notes`, { text: NOTE });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body).toMatchObject({ text: NOTE, authorName: 'Sam Support' });

    // Staff hear of it at once; the customer's stream hears nothing of it.
    await waitFor(() => staffStream.topics.includes(`chat-notes:${chatId}`));
    expect(staffStream.topics).toContain(`chat-notes:${chatId}`);
    await new Promise((r) => setTimeout(r, 300));
    expect(customerStream.topics).toEqual([]);
    customerStream.close();
    staffStream.close();

    const notes = await call(ctx.app, staff, 'GET', `/api/staff/chats/${chatId}/notes`);
    expect(notes.body).toMatchObject({ notes: [{ text: NOTE, authorName: 'Sam Support' }], nextCursor: null });
    const staffChat = await call(ctx.app, staff, 'GET', `/api/staff/chats/${chatId}`);
    expect(staffChat.body.messages.map((m: { textMessage: string }) => m.textMessage)).toEqual(['My invoice looks wrong.']);
    // The chat's last message, time and unread count stay the customer's.
    expect((await call(ctx.app, owner, 'GET', '/api/support/chats')).body).toEqual(before.body);
  });

  it('appear in no answer of any route a customer can call (every GET of the route table, with the owner’s ids)', async () => {
    const walked: string[] = [];
    for (const { route } of allRoutes) {
      if (route.method !== 'GET' || route.auth === 'staff' || route.auth === 'admin' || route.auth === 'operator') continue;
      if (NOT_WALKED.has(`${route.method} ${route.path}`)) continue;
      const url = route.path.replace(/:([A-Za-z]+)/g, (_, param: string) => encodeURIComponent(ownerId(route.path, param)));
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
      walked.push(`${res.statusCode} ${url}`);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(leaks(res.body), url).toEqual([]);
    }
    // The walk reached the chat itself, the customer's list of chats, and their other data.
    expect(walked).toEqual(expect.arrayContaining([`200 /api/support/chats/${chatId}`, '200 /api/support/chats', '200 /api/me', `200 /api/payments/${ids.payments}`]));
    expect(walked.length).toBeGreaterThan(25);
  });

  it('appear in no answer of the customer’s writes to the chat, nor in the chat they read afterwards', async () => {
    const sent = await as(ctx, owner, 'POST', `/api/support/chats/${chatId}/messages`, { messageType: 'text', textMessage: 'Any news?' });
    expect(sent.statusCode).toBe(201);
    expect(leaks(sent.body)).toEqual([]);
    const read = await as(ctx, owner, 'POST', `/api/support/chats/${chatId}/presence`);
    expect(leaks(read.body)).toEqual([]);
    const chat = await as(ctx, owner, 'GET', `/api/support/chats/${chatId}?limit=100`);
    expect(chat.json().messages.map((m: { textMessage: string }) => m.textMessage)).toEqual(['My invoice looks wrong.', 'Any news?']);
  });

  it('appear in no e-mail: neither the customer’s "support replied" mail nor staff’s "waiting for an answer" mail', async () => {
    time.advance(1000);
    expect((await call(ctx.app, staff, 'POST', `/api/staff/chats/${chatId}/messages`, { messageType: 'text', textMessage: 'We are on it.' })).status).toBe(201);
    expect((await call(ctx.app, staff, 'POST', `/api/staff/chats/${chatId}/notes`, { text: NOTE })).status).toBe(201);
    time.advance(10 * 60_000);
    expect(await runSupportReplySweep(ctx.app)).toBe(1);
    await createChat(ctx.app, owner, 'A second question.');
    time.advance(10 * 60_000);
    expect(await runUnansweredChatSweep(ctx.app)).toBeGreaterThan(0);
    const mails = await ctx.database.sql.query<{ kind: string; subject: string; html: string; text_body: string }>(`SELECT kind, subject, html, text_body FROM mail_outbox`);
    expect(mails.map((m) => m.kind)).toEqual(expect.arrayContaining(['support-replied', 'staff-unanswered-chat']));
    for (const mail of mails) expect(leaks(`${mail.subject}\n${mail.html}\n${mail.text_body}`), mail.kind).toEqual([]);
  });

  it('appear in no export: the content export file, nor the customer’s audit entries', async () => {
    const exported = await as(ctx, staff, 'GET', '/api/staff/content/export');
    expect(exported.statusCode).toBe(200);
    expect(leaks(exported.body)).toEqual([]);
    // The audit entry of a note names it without its words, so no page or export of the audit log repeats them.
    const audit = await call(ctx.app, staff, 'GET', `/api/staff/customers/${owner.id}/audit?limit=100`);
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toContain('chat.note');
    expect(leaks(JSON.stringify(audit.body))).toEqual([]);
  });

  it('are for staff only: a customer cannot read or write them, even on their own chat', async () => {
    expect((await call(ctx.app, owner, 'GET', `/api/staff/chats/${chatId}/notes`)).status).toBe(403);
    expect((await call(ctx.app, owner, 'POST', `/api/staff/chats/${chatId}/notes`, { text: 'x' })).status).toBe(403);
    expect((await call(ctx.app, staff, 'POST', `/api/staff/chats/${chatId}/notes`, { text: '   ' })).body.error.code).toBe('VALIDATION_ERROR');
    expect((await call(ctx.app, staff, 'GET', '/api/staff/chats/no-such-chat/notes')).status).toBe(404);
  });
});
