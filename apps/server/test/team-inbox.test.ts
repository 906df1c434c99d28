import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUnansweredChatSweep } from '../src/modules/notifications/index.ts';
import { createBillingApp, type ManualClock } from './billing-helpers.ts';
import { makeStaff, signUp, type TestContext, type TestUser } from './helpers.ts';
import { outboxFor } from './notify-helpers.ts';
import { call, createChat, signUpStaff } from './staff-helpers.ts';

let ctx: TestContext;
let time: ManualClock;
let sam: TestUser;
let alex: TestUser;
let customer: TestUser;

beforeAll(async () => {
  ({ ctx, time } = await createBillingApp({ STAFF_UNANSWERED_MAIL_AFTER_MS: '600000' }));
  sam = await signUpStaff(ctx);
  alex = await signUp(ctx.app, { name: 'Alex Agent' });
  await makeStaff(ctx, alex);
  customer = await signUp(ctx.app, { name: 'Casey Customer' });
});
afterAll(async () => ctx.close());

const assign = (who: TestUser, chatId: string, assigneeId: string | null, expectedAssigneeId: string | null) =>
  call(ctx.app, who, 'POST', `/api/staff/chats/${chatId}/assignee`, { assigneeId, expectedAssigneeId });
const inbox = async (who: TestUser, query: string) => (await call(ctx.app, who, 'GET', `/api/staff/chats?${query}`)).body;

describe('assigning chats', () => {
  it('assigns to me, to someone, and back to no one; each change audited and shown in the inbox and the chat', async () => {
    const chatId = await createChat(ctx.app, customer);
    const mine = await assign(sam, chatId, sam.id, null);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.assignee).toEqual({ id: sam.id, name: 'Sam Support' });
    expect((await call(ctx.app, sam, 'GET', `/api/staff/chats/${chatId}`)).body.assignee).toEqual({ id: sam.id, name: 'Sam Support' });

    const toAlex = await assign(sam, chatId, alex.id, sam.id);
    expect(toAlex.body.assignee).toEqual({ id: alex.id, name: 'Alex Agent' });
    const none = await assign(alex, chatId, null, alex.id);
    expect(none.body.assignee).toBeNull();

    const audit = await call(ctx.app, sam, 'GET', `/api/staff/customers/${customer.id}/audit`);
    const assigns = audit.body.entries.filter((e: { action: string }) => e.action === 'chat.assign');
    expect(assigns.map((e: { after: { assignee: string | null } }) => e.after.assignee)).toEqual([null, 'Alex Agent', 'Sam Support']);
  });

  it('refuses a customer as assignee, an unknown chat, and customers calling it', async () => {
    const chatId = await createChat(ctx.app, customer);
    const refused = await assign(sam, chatId, customer.id, null);
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 'NOT_STAFF' } } });
    expect((await assign(sam, chatId, 'no-such-user', null)).body.error.code).toBe('NOT_STAFF');
    expect((await assign(sam, 'no-such-chat', sam.id, null)).status).toBe(404);
    expect((await assign(customer, chatId, customer.id, null)).status).toBe(403);
    expect((await call(ctx.app, sam, 'GET', `/api/staff/chats/${chatId}`)).body.assignee).toBeNull();
  });

  it('tells the second of two people who both saw the chat unassigned who has it, and keeps the first one’s claim', async () => {
    const chatId = await createChat(ctx.app, customer);
    const [first, second] = await Promise.all([assign(sam, chatId, sam.id, null), assign(alex, chatId, alex.id, null)]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = first.status === 200 ? sam : alex;
    const loser = first.status === 200 ? second : first;
    expect(loser.body.error).toEqual({ code: 'ASSIGNMENT_CHANGED', message: `This chat was just assigned to ${winner === sam ? 'Sam Support' : 'Alex Agent'}.` });
    expect((await call(ctx.app, sam, 'GET', `/api/staff/chats/${chatId}`)).body.assignee.id).toBe(winner.id);
    const audit = await ctx.database.sql.query(`SELECT 1 FROM audit_log WHERE action = 'chat.assign' AND entity_id = $1`, [chatId]);
    expect(audit).toHaveLength(1);
  });

  it('filters the inbox by Mine and Unassigned, a page at a time in the inbox order', async () => {
    const other = await signUp(ctx.app, { name: 'Filter Customer' });
    const chats: string[] = [];
    for (let i = 0; i < 5; i++) {
      time.advance(1000);
      chats.push(await createChat(ctx.app, other, `Question ${i}`));
    }
    for (const chatId of chats.slice(0, 3)) await assign(alex, chatId, alex.id, null);
    const q = `q=${encodeURIComponent('Filter Customer')}`;
    const firstPage = await inbox(alex, `${q}&assigned=me&limit=2`);
    expect(firstPage.chats.map((c: { id: string }) => c.id)).toEqual([chats[2], chats[1]]);
    const secondPage = await inbox(alex, `${q}&assigned=me&limit=2&cursor=${firstPage.nextCursor}`);
    expect(secondPage).toMatchObject({ chats: [{ id: chats[0] }], nextCursor: null });
    expect((await inbox(sam, `${q}&assigned=me`)).chats).toEqual([]);
    expect((await inbox(sam, `${q}&assigned=none`)).chats.map((c: { id: string }) => c.id)).toEqual([chats[4], chats[3]]);
    expect((await inbox(sam, `${q}`)).chats).toHaveLength(5);
    expect((await call(ctx.app, sam, 'GET', '/api/staff/chats?assigned=someone')).status).toBe(400);
  });

  it('lists every staff member as an assignee, and no customer', async () => {
    const { body } = await call(ctx.app, sam, 'GET', '/api/staff/assignable-staff');
    const ids = body.staff.map((s: { id: string }) => s.id);
    expect(ids).toEqual(expect.arrayContaining([sam.id, alex.id]));
    expect(ids).not.toContain(customer.id);
  });
});

describe('saved replies', () => {
  const path = '/api/staff/saved-replies';
  it('are created, listed, searched, changed and deleted, each audited', async () => {
    const created = await call(ctx.app, sam, 'POST', path, { title: ' Refund timing ', body: 'Refunds reach your card in 5 to 10 days.' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Refund timing', body: 'Refunds reach your card in 5 to 10 days.' });
    time.advance(1000);
    await call(ctx.app, sam, 'POST', path, { title: 'Greeting', body: 'Hello, thanks for writing to us.' });
    expect((await call(ctx.app, alex, 'GET', path)).body.replies.map((r: { title: string }) => r.title)).toEqual(['Refund timing', 'Greeting']);
    expect((await call(ctx.app, alex, 'GET', `${path}?q=CARD`)).body.replies.map((r: { title: string }) => r.title)).toEqual(['Refund timing']);
    const paged = await call(ctx.app, alex, 'GET', `${path}?limit=1`);
    expect((await call(ctx.app, alex, 'GET', `${path}?limit=1&cursor=${paged.body.nextCursor}`)).body.replies[0].title).toBe('Greeting');

    const id = created.body.id as string;
    const updated = await call(ctx.app, sam, 'PUT', `${path}/${id}`, { title: 'Refund times', body: 'Refunds take 5 to 10 days.' });
    expect(updated.body).toMatchObject({ id, title: 'Refund times' });
    expect((await call(ctx.app, sam, 'DELETE', `${path}/${id}`)).status).toBe(204);
    expect((await call(ctx.app, sam, 'GET', path)).body.replies.map((r: { title: string }) => r.title)).toEqual(['Greeting']);
    const actions = await ctx.database.sql.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY position`, [id]);
    expect(actions.map((a) => a.action)).toEqual(['saved-reply.create', 'saved-reply.update', 'saved-reply.delete']);
  });

  it('refuse a title in use (any case), blank or too long fields, unknown ids, and customers', async () => {
    const taken = await call(ctx.app, sam, 'POST', path, { title: 'greeting', body: 'Hi.' });
    expect(taken).toMatchObject({ status: 409, body: { error: { code: 'SAVED_REPLY_EXISTS', message: 'A saved reply is already called “greeting”. Choose another title.' } } });
    const other = await call(ctx.app, sam, 'POST', path, { title: 'Closing', body: 'Bye.' });
    const renamed = await call(ctx.app, sam, 'PUT', `${path}/${other.body.id}`, { title: 'GREETING', body: 'Bye.' });
    expect(renamed).toMatchObject({ status: 409, body: { error: { code: 'SAVED_REPLY_EXISTS' } } });
    expect((await call(ctx.app, sam, 'GET', `${path}?q=closing`)).body.replies[0].title).toBe('Closing');

    const blank = await call(ctx.app, sam, 'POST', path, { title: '  ', body: 'x' });
    expect(blank).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_ERROR' } } });
    expect(blank.body.error.message).toContain('Please write the title.');
    expect((await call(ctx.app, sam, 'POST', path, { title: 'x'.repeat(81), body: 'x' })).status).toBe(400);
    expect((await call(ctx.app, sam, 'PUT', `${path}/no-such-reply`, { title: 'A', body: 'B' })).status).toBe(404);
    expect((await call(ctx.app, sam, 'DELETE', `${path}/no-such-reply`)).status).toBe(404);
    expect((await call(ctx.app, customer, 'GET', path)).status).toBe(403);
    expect((await call(ctx.app, customer, 'POST', path, { title: 'A', body: 'B' })).status).toBe(403);
  });

  it('keep one title under concurrent creation', async () => {
    const results = await Promise.all([1, 2, 3].map(() => call(ctx.app, sam, 'POST', path, { title: 'Race', body: 'One wins.' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });
});

describe('inbox alerts', () => {
  it('count open chats with unread messages that are unassigned or mine, and honour each staff member’s switches', async () => {
    await ctx.database.sql.query(`UPDATE support_chats SET unread_for_support = 0`);
    const zero = await call(ctx.app, sam, 'GET', '/api/staff/inbox-alerts');
    expect(zero.body).toEqual({ waiting: 0, newest: null, preferences: { tabTitleCount: true, browserNotifications: true, unansweredEmail: true } });

    time.advance(1000);
    const arrived = await createChat(ctx.app, customer, 'Is anyone there?');
    const samAlerts = (await call(ctx.app, sam, 'GET', '/api/staff/inbox-alerts')).body;
    expect(samAlerts).toMatchObject({ waiting: 1, newest: { chatId: arrived, customerName: 'Casey Customer', lastMessage: 'Is anyone there?' } });
    // Assigned to Alex: it waits for Alex, no longer for Sam.
    await assign(alex, arrived, alex.id, null);
    expect((await call(ctx.app, sam, 'GET', '/api/staff/inbox-alerts')).body.waiting).toBe(0);
    expect((await call(ctx.app, alex, 'GET', '/api/staff/inbox-alerts')).body.waiting).toBe(1);
    // Read by staff: nothing waits; the customer writes again: it waits again.
    await call(ctx.app, alex, 'POST', `/api/staff/chats/${arrived}/read`);
    expect((await call(ctx.app, alex, 'GET', '/api/staff/inbox-alerts')).body.waiting).toBe(0);
    await call(ctx.app, customer, 'POST', `/api/support/chats/${arrived}/messages`, { messageType: 'text', textMessage: 'Hello?' });
    expect((await call(ctx.app, alex, 'GET', '/api/staff/inbox-alerts')).body).toMatchObject({ waiting: 1, newest: { lastMessage: 'Hello?' } });

    const saved = await call(ctx.app, alex, 'PATCH', '/api/staff/alert-preferences', { browserNotifications: false });
    expect(saved.body).toEqual({ tabTitleCount: true, browserNotifications: false, unansweredEmail: true });
    const again = await call(ctx.app, alex, 'PATCH', '/api/staff/alert-preferences', { unansweredEmail: false });
    expect(again.body).toEqual({ tabTitleCount: true, browserNotifications: false, unansweredEmail: false });
    expect((await call(ctx.app, sam, 'GET', '/api/staff/inbox-alerts')).body.preferences.browserNotifications).toBe(true);
    expect((await call(ctx.app, customer, 'GET', '/api/staff/inbox-alerts')).status).toBe(403);
  });

  it('mail a chat nobody answered for the set time once per wait, to its assignee or else to every staff member who wants it', async () => {
    await ctx.database.sql.query(`UPDATE support_chats SET status = 'CLOSED'`);
    const writer = await signUp(ctx.app, { name: 'Waiting Customer' });
    const unassigned = await createChat(ctx.app, writer, 'Still waiting here.');
    const assigned = await createChat(ctx.app, writer, 'For Sam.');
    await assign(sam, assigned, sam.id, null);
    time.advance(5 * 60_000);
    expect(await runUnansweredChatSweep(ctx.app)).toBe(0);
    time.advance(6 * 60_000);
    // Alex turned the e-mail off (previous test): the unassigned chat goes to Sam alone, and so does Sam's own chat,
    // both in one mail.
    expect(await runUnansweredChatSweep(ctx.app)).toBe(1);
    expect(await runUnansweredChatSweep(ctx.app)).toBe(0);
    const samMails = await outboxFor(ctx, sam.email, 'staff-unanswered-chat');
    expect(samMails.map((m) => m.subject)).toEqual(['2 chats are waiting for an answer']);
    const [digest] = samMails;
    for (const chat of [unassigned, assigned]) expect(digest!.text_body).toContain(`/staff/chats/${chat}`);
    expect(digest!.text_body).toContain('Still waiting here.');
    expect(digest!.text_body).toContain('Waiting Customer: Technical Support (assigned to you)');
    expect(digest!.text_body).toContain('Waiting 11 minutes: "For Sam."');
    expect(digest!.html).toContain(`href="${ctx.config.publicUrl}/staff/chats/${assigned}"`);
    expect(await outboxFor(ctx, alex.email, 'staff-unanswered-chat')).toEqual([]);

    // An answer ends the wait; the customer's next message starts a new one.
    await call(ctx.app, sam, 'POST', `/api/staff/chats/${assigned}/messages`, { messageType: 'text', textMessage: 'Here.' });
    time.advance(20 * 60_000);
    expect(await runUnansweredChatSweep(ctx.app)).toBe(0);
    await call(ctx.app, writer, 'POST', `/api/support/chats/${assigned}/messages`, { messageType: 'text', textMessage: 'Thanks, one more thing.' });
    time.advance(11 * 60_000);
    expect(await runUnansweredChatSweep(ctx.app)).toBe(1);
    const [, again] = await outboxFor(ctx, sam.email, 'staff-unanswered-chat');
    expect(again!.subject).toBe('A chat has waited 11 minutes for an answer: Technical Support');
    expect(again!.text_body).toContain('Thanks, one more thing.');
  });

  it('send each staff member one mail for a burst of waiting chats, naming the longest waits, and claim each chat once however many sweeps race', async () => {
    await ctx.database.sql.query(`UPDATE support_chats SET status = 'CLOSED'`);
    await call(ctx.app, alex, 'PATCH', '/api/staff/alert-preferences', { unansweredEmail: true });
    const before = { sam: (await outboxFor(ctx, sam.email)).length, alex: (await outboxFor(ctx, alex.email)).length };
    const writer = await signUp(ctx.app, { name: 'Busy Customer' });
    const chats: string[] = [];
    for (let i = 0; i < 24; i++) {
      chats.push(await createChat(ctx.app, writer, `Question ${i}`));
      time.advance(10_000);
    }
    time.advance(16 * 60_000);
    const queued = await Promise.all([runUnansweredChatSweep(ctx.app), runUnansweredChatSweep(ctx.app), runUnansweredChatSweep(ctx.app)]);
    expect(queued.reduce((sum, n) => sum + n, 0)).toBe(2);
    expect(await runUnansweredChatSweep(ctx.app)).toBe(0);
    for (const [who, count] of [[sam, before.sam], [alex, before.alex]] as const) {
      const mails = (await outboxFor(ctx, who.email)).slice(count);
      expect(mails.map((m) => m.subject)).toEqual(['24 chats are waiting for an answer']);
      const text = mails[0]!.text_body;
      // The longest wait first; twenty named, the rest counted.
      expect(text.indexOf(`/staff/chats/${chats[0]}`)).toBeGreaterThan(-1);
      expect(text.indexOf(`/staff/chats/${chats[0]}`)).toBeLessThan(text.indexOf(`/staff/chats/${chats[1]}`));
      expect(text).toContain(`/staff/chats/${chats[19]}`);
      expect(text).not.toContain(`/staff/chats/${chats[20]}`);
      expect(text).toContain('The 20 longest waits are below, the longest first; 4 more are in the inbox.');
      expect(text).toContain(`Or open this address: ${ctx.config.publicUrl}/staff`);
    }
  });
});
