import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCardExpirySweep } from '../src/modules/billing/index.ts';
import { runRenewalSweep } from '../src/modules/billing/renewals.ts';
import { mailDate, runSupportReplySweep } from '../src/modules/notifications/index.ts';
import { as, checkout, createBillingApp, insertPlan, insertPromo, subscribedUser, type ManualClock } from './billing-helpers.ts';
import { nextAddress, signUp, type TestContext, type TestUser } from './helpers.ts';
import { caughtFor, confirmDeletion, deletionToken, kindsFor, outboxFor } from './notify-helpers.ts';
import { call, createChat, signUpStaff } from './staff-helpers.ts';

let ctx: TestContext;
let time: ManualClock;
let staff: TestUser;
beforeAll(async () => {
  ({ ctx, time } = await createBillingApp({ SUPPORT_REPLY_MAIL_DELAY_MS: '300000' }));
  staff = await signUpStaff(ctx);
});
afterAll(async () => ctx.close());

const MINUTE = 60_000;
const subscription = async (user: TestUser, id: string) => (await as(ctx, user, 'GET', `/api/subscriptions/${id}`)).json();
const sweepAt = async (ms: number) => {
  time.advance(ms - time.now().getTime() + 1000);
  return runRenewalSweep(ctx.app);
};
const disableCard = async (cardId: string) => {
  const [row] = await ctx.database.sql.query<{ square_card_id: string }>(`SELECT square_card_id FROM cards WHERE id = $1`, [cardId]);
  await ctx.app.billing.gateway.disableCard(row!.square_card_id);
};

describe('receipts', () => {
  it('mails a receipt for a completed checkout, with amount, plan, card and date, in HTML and text', async () => {
    const { user, payment } = await subscribedUser(ctx);
    expect(await kindsFor(ctx, user.email)).toEqual(['receipt']);
    const [mail] = await caughtFor(ctx, user.email);
    expect(mail!.subject).toBe('Your receipt: $49.99 for Growth Plan');
    for (const body of [mail!.html, mail!.text_body]) {
      expect(body).toContain('$49.99');
      expect(body).toContain('Growth Plan');
      expect(body).toContain('Visa ending in 1111');
      expect(body).toContain(mailDate(time.now()));
      expect(body).toContain(payment.id);
      expect(body).toContain('http://localhost:1/payment-history');
      expect(body).toContain('All rights reserved.');
    }
  });

  it('mails a receipt for a free first payment too, saying nothing was charged', async () => {
    const user = await signUp(ctx.app);
    const plan = await insertPlan(ctx);
    await insertPromo(ctx, { code: 'FREEMONTH', type: 'percent', value: 100 });
    const payment = await checkout(ctx, user, { planId: plan.id, promoCode: 'FREEMONTH' });
    expect(payment.status).toBe('Complete');
    const [receipt] = await outboxFor(ctx, user.email, 'receipt');
    expect(receipt!.subject).toBe('Your receipt: $0.00 for Growth Plan');
    expect(receipt!.text_body).toContain('Nothing charged');
  });

  it('mails a receipt for a paid renewal', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    await sweepAt((await subscription(user, subscriptionId)).dueDate);
    const receipts = await outboxFor(ctx, user.email, 'receipt');
    expect(receipts).toHaveLength(2);
    expect(receipts[1]!.text_body).toContain('Renewal');
  });
});

describe('renewal failures', () => {
  it('mails each failure with the reason and a fix-your-card link, a final notice before the last try, then the end', async () => {
    const { user, card, subscriptionId } = await subscribedUser(ctx);
    const { dueDate } = await subscription(user, subscriptionId);
    await disableCard(card.id);
    await sweepAt(dueDate);
    const firstFailure = time.now().getTime();
    const [failed] = await outboxFor(ctx, user.email, 'renewal-failed');
    expect(failed!.subject).toBe('We could not renew Growth Plan');
    expect(failed!.text_body).toContain('Reason: This card can no longer be charged. Please use another card.');
    expect(failed!.text_body).toContain(`http://localhost:1/subscription-details/${subscriptionId}`);
    expect(failed!.text_body).toContain(`We will try again on ${mailDate(new Date(firstFailure + 86_400_000))}.`);

    await sweepAt(firstFailure + 86_400_000 - 1000);
    expect(await outboxFor(ctx, user.email, 'renewal-final-notice')).toEqual([]);
    await sweepAt(firstFailure + 3 * 86_400_000 - 1000);
    const [final] = await outboxFor(ctx, user.email, 'renewal-final-notice');
    expect(final!.subject).toBe('Final notice: update your card to keep Growth Plan');
    expect(final!.text_body).toContain('If that payment fails too, the subscription becomes inactive for non-payment.');
    expect((await subscription(user, subscriptionId)).status).toBe('ACTIVE');

    await sweepAt(firstFailure + 7 * 86_400_000 - 1000);
    expect((await subscription(user, subscriptionId)).status).toBe('INACTIVE_NONPAYMENT');
    expect(await kindsFor(ctx, user.email)).toEqual(['receipt', 'renewal-failed', 'renewal-failed', 'renewal-final-notice', 'renewal-ended']);
    const caught = await caughtFor(ctx, user.email);
    expect(caught.map((m) => m.subject)).toContain('Your Growth Plan subscription has ended');
  });
});

describe('subscription changes', () => {
  it('mails a cancellation and a reactivation, and a refused cancel mails nothing', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const { dueDate } = await subscription(user, subscriptionId);
    time.advance(1000);
    expect((await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/cancel`)).statusCode).toBe(200);
    expect((await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/cancel`)).statusCode).toBe(409);
    time.advance(1000);
    expect((await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/reactivate`)).statusCode).toBe(200);
    expect(await kindsFor(ctx, user.email)).toEqual(['receipt', 'subscription-cancelled', 'subscription-reactivated']);
    const [cancelled] = await outboxFor(ctx, user.email, 'subscription-cancelled');
    expect(cancelled!.text_body).toContain(`Growth Plan will not renew. You keep everything you paid for until ${mailDate(new Date(dueDate))}.`);
  });
});

describe('card expiring before the next renewal', () => {
  it('mails once per card and renewal, and not for a card that outlives the renewal', async () => {
    const { user, card, subscriptionId } = await subscribedUser(ctx);
    const other = await subscribedUser(ctx);
    const { dueDate } = await subscription(user, subscriptionId);
    const due = new Date(dueDate);
    // Expires at the end of the month before the renewal.
    const before = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() - 1, 1));
    await ctx.database.sql.query(`UPDATE cards SET exp_month = $1, exp_year = $2 WHERE id = $3`, [before.getUTCMonth() + 1, before.getUTCFullYear(), card.id]);
    await runCardExpirySweep(ctx.app);
    await runCardExpirySweep(ctx.app);
    const mails = await outboxFor(ctx, user.email, 'card-expiring');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(`before Growth Plan renews on ${mailDate(due)}.`);
    expect(mails[0]!.text_body).toContain(`/subscription-details/${subscriptionId}`);
    expect(await outboxFor(ctx, other.user.email, 'card-expiring')).toEqual([]);
  });
});

describe('support replied', () => {
  const reply = (chatId: string, text: string) =>
    call(ctx.app, staff, 'POST', `/api/staff/chats/${chatId}/messages`, { messageType: 'text', textMessage: text });
  const seen = (user: TestUser, chatId: string) => call(ctx.app, user, 'POST', `/api/support/chats/${chatId}/presence`);

  it('mails once per burst of replies left unseen for the delay, not per message', async () => {
    const user = await signUp(ctx.app);
    const chatId = await createChat(ctx.app, user);
    await reply(chatId, 'Hello! Looking into it.');
    time.advance(10_000);
    await reply(chatId, 'Found it: please restart the app.');
    time.advance(3 * MINUTE);
    expect(await runSupportReplySweep(ctx.app)).toBe(0);
    time.advance(2 * MINUTE);
    expect(await runSupportReplySweep(ctx.app)).toBe(1);
    expect(await runSupportReplySweep(ctx.app)).toBe(0);
    const [mail] = await outboxFor(ctx, user.email, 'support-replied');
    expect(mail!.subject).toBe('Support replied to your chat: Technical Support');
    expect(mail!.text_body).toContain('Support sent you 2 replies'.toUpperCase());
    expect(mail!.text_body).toContain('Found it: please restart the app.');
    expect(mail!.text_body).toContain(`http://localhost:1/support/chat/${chatId}`);

    // A later burst is a second mail.
    time.advance(MINUTE);
    await reply(chatId, 'Did that help?');
    time.advance(6 * MINUTE);
    expect(await runSupportReplySweep(ctx.app)).toBe(1);
    expect(await outboxFor(ctx, user.email, 'support-replied')).toHaveLength(2);
  });

  it('sends nothing for replies the customer saw on an open chat page', async () => {
    const user = await signUp(ctx.app);
    const chatId = await createChat(ctx.app, user);
    await reply(chatId, 'Hi there');
    time.advance(20_000);
    expect((await seen(user, chatId)).status).toBe(204);
    time.advance(10 * MINUTE);
    expect(await runSupportReplySweep(ctx.app)).toBe(0);
    expect(await outboxFor(ctx, user.email, 'support-replied')).toEqual([]);
  });

  it('waits while the page is still open, and mails once the customer left for the delay', async () => {
    const user = await signUp(ctx.app);
    const chatId = await createChat(ctx.app, user);
    await seen(user, chatId);
    time.advance(1000);
    await reply(chatId, 'Are you there?');
    // The page is open but missed this reply; its heartbeat keeps the mail back.
    time.advance(MINUTE);
    await seen(user, chatId);
    expect(await runSupportReplySweep(ctx.app)).toBe(0);
    expect(await outboxFor(ctx, user.email, 'support-replied')).toEqual([]);
  });

  it("refuses presence on another customer's chat", async () => {
    const owner = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const chatId = await createChat(ctx.app, owner);
    expect((await seen(stranger, chatId)).status).toBe(404);
    expect((await call(ctx.app, null, 'POST', `/api/support/chats/${chatId}/presence`)).status).toBe(401);
  });
});

describe('preferences', () => {
  it('lets a customer turn off support and project mail; receipts still come', async () => {
    const { user } = await subscribedUser(ctx);
    expect((await call(ctx.app, user, 'GET', '/api/me/mail-preferences')).body).toEqual({ supportReplies: true, projectUpdates: true, renewalReminders: true, projectPreviews: true, projectDecisions: true, projectStages: true });
    const bad = await ctx.app.inject({ method: 'PUT', url: '/api/me/mail-preferences', headers: { cookie: user.cookie }, payload: { supportReplies: 'no' } });
    expect(bad.statusCode).toBe(400);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/mail-preferences',
      headers: { cookie: user.cookie },
      payload: { supportReplies: false, projectUpdates: false, renewalReminders: true, projectPreviews: true, projectDecisions: true, projectStages: true },
    });
    expect(saved.json()).toEqual({ supportReplies: false, projectUpdates: false, renewalReminders: true, projectPreviews: true, projectDecisions: true, projectStages: true });
    expect((await call(ctx.app, user, 'GET', '/api/me/mail-preferences')).body).toEqual({ supportReplies: false, projectUpdates: false, renewalReminders: true, projectPreviews: true, projectDecisions: true, projectStages: true });

    const chatId = await createChat(ctx.app, user);
    await call(ctx.app, staff, 'POST', `/api/staff/chats/${chatId}/messages`, { messageType: 'text', textMessage: 'Answer' });
    time.advance(6 * MINUTE);
    await runSupportReplySweep(ctx.app);
    const project = await call(ctx.app, staff, 'POST', '/api/staff/projects', { ownerId: user.id, projectName: 'Quiet App' });
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/staff/projects/${project.body.projectId}`,
      headers: { cookie: staff.cookie },
      payload: { releaseStatus: 'PUBLISHED' },
    });
    expect(await kindsFor(ctx, user.email)).toEqual(['receipt']);
  });
});

describe('project published', () => {
  it('mails the deliverable links when staff publish a project, once', async () => {
    const user = await signUp(ctx.app);
    const created = await call(ctx.app, staff, 'POST', '/api/staff/projects', { ownerId: user.id, projectName: 'Pizza App' });
    expect(created.status).toBe(201);
    const patch = (payload: object) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/staff/projects/${created.body.projectId}`, headers: { cookie: staff.cookie }, payload });
    expect(await kindsFor(ctx, user.email)).toEqual([]);
    const res = await patch({ releaseStatus: 'PUBLISHED', deliverables: { websiteUrl: 'https://pizza.example.com', playStoreUrl: 'https://play.google.com/store/apps/details?id=pizza' } });
    expect(res.statusCode).toBe(200);
    await patch({ clientNotes: 'Updated notes' });
    const mails = await outboxFor(ctx, user.email, 'project-published');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Pizza App is published');
    for (const link of ['https://pizza.example.com', 'https://play.google.com/store/apps/details?id=pizza', `http://localhost:1/projects/${created.body.projectId}`]) {
      expect(mails[0]!.html).toContain(link.replace(/&/g, '&amp;'));
      expect(mails[0]!.text_body).toContain(link);
    }
  });
});

describe('account deletion confirmation', () => {
  const file = (email: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/account-deletion-requests', headers, payload: { name: 'Dana Delete', email }, remoteAddress: nextAddress() });
  const statusOf = async (email: string) =>
    (await ctx.database.sql.query<{ status: string }>(`SELECT status FROM account_deletion_requests WHERE email = $1`, [email])).map((r) => r.status);

  it('takes effect only once the link mailed to the address is followed, then mails "received"', async () => {
    const res = await file('Dana@Example.com');
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('unconfirmed');
    expect(await statusOf('dana@example.com')).toEqual(['unconfirmed']);
    const [confirm] = await caughtFor(ctx, 'dana@example.com');
    expect(confirm!.subject).toBe('Confirm your account deletion request');
    expect(confirm!.text_body).toContain('http://localhost:1/request-account-deletion/confirm?token=');
    time.advance(1000);

    const ok = await confirmDeletion(ctx, 'dana@example.com');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'pending', email: 'dana@example.com' });
    expect(await statusOf('dana@example.com')).toEqual(['pending']);
    expect(await kindsFor(ctx, 'dana@example.com')).toEqual(['deletion-confirm', 'deletion-received']);

    const again = await confirmDeletion(ctx, 'dana@example.com');
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('DELETION_LINK_INVALID');
  });

  it('refuses an expired or made-up link and leaves the request unconfirmed', async () => {
    await file('late@example.com');
    const token = await deletionToken(ctx, 'late@example.com');
    time.advance(25 * 60 * MINUTE);
    const late = await ctx.app.inject({ method: 'POST', url: '/api/account-deletion-requests/confirm', payload: { token } });
    expect(late.statusCode).toBe(410);
    expect(late.json().error.code).toBe('DELETION_LINK_EXPIRED');
    const fake = await ctx.app.inject({ method: 'POST', url: '/api/account-deletion-requests/confirm', payload: { token: 'made-up' } });
    expect(fake.statusCode).toBe(404);
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/account-deletion-requests/confirm', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(await statusOf('late@example.com')).toEqual(['unconfirmed']);
  });
});
