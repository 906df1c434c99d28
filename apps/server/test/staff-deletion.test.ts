import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRenewalSweep } from '../src/modules/billing/renewals.ts';
import { as, createBillingApp, subscribedUser, type ManualClock } from './billing-helpers.ts';
import { signUp, type TestContext, type TestUser } from './helpers.ts';
import { call, createChat, signUpStaff } from './staff-helpers.ts';
import { confirmDeletion, kindsFor } from './notify-helpers.ts';
import { fileBytes, uploadSmall } from './uploads-helpers.ts';

let ctx: TestContext;
let time: ManualClock;
let staff: TestUser;
beforeAll(async () => {
  ({ ctx, time } = await createBillingApp());
  staff = await signUpStaff(ctx);
});
afterAll(async () => ctx.close());

/** Files a request and follows the link mailed to the address: only a confirmed request reaches staff. */
const requestDeletion = async (user: TestUser | null, email: string) => {
  const res = await call(ctx.app, user, 'POST', '/api/account-deletion-requests', { name: 'Dee Leet', email, reason: 'Closing my business' });
  expect(res.status).toBe(201);
  expect((await confirmDeletion(ctx, email)).statusCode).toBe(200);
  return res.body.id as string;
};
const queue = async (status: string) =>
  (await call(ctx.app, staff, 'GET', `/api/staff/deletion-requests?status=${status}&limit=100`)).body.requests as Array<Record<string, unknown>>;
const one = async (sql: string, params: unknown[]) => (await ctx.database.sql.query<Record<string, unknown>>(sql, params))[0];

describe('carrying out a deletion request', () => {
  it('cancels, disables cards, deletes files and chats, anonymises, keeps payments, signs out, and audits', async () => {
    const { user, payment, subscriptionId } = await subscribedUser(ctx);
    const photoId = await uploadSmall(ctx.app, user.cookie, { purpose: 'profile-picture', targetId: user.id, filetype: 'image/png' }, fileBytes('png', 2000));
    const chatId = await createChat(ctx.app, user, 'My phone is 555 0101');
    const mediaId = await uploadSmall(ctx.app, staff.cookie, { purpose: 'chat-image', targetId: chatId, filetype: 'image/png' }, fileBytes('png', 1500));
    // A questionnaire draft holds the customer's own words: it goes with the account.
    await ctx.database.sql.query(
      `INSERT INTO questionnaire_drafts (subscription_id, user_id, saved_at, answers) VALUES ($1, $2, now(), '[{"formItemId":"q","answer":"My phone is 555 0101"}]')`,
      [subscriptionId, user.id],
    );
    const requestId = await requestDeletion(user, user.email);

    const pending = await queue('pending');
    expect(pending.find((r) => r.id === requestId)).toMatchObject({ email: user.email, signedIn: true, status: 'pending', outcome: null });

    const done = await call(ctx.app, staff, 'POST', `/api/staff/deletion-requests/${requestId}/carry-out`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'done', outcome: 'erased', decidedByName: 'Sam Support', decidedTimestamp: time.now().getTime() });
    expect((await queue('done')).map((r) => r.id)).toContain(requestId);
    expect((await queue('pending')).map((r) => r.id)).not.toContain(requestId);
    expect(await kindsFor(ctx, user.email)).toContain('deletion-done');

    // Signed out everywhere, and the e-mail and password no longer sign in.
    expect((await call(ctx.app, user, 'GET', '/api/me')).body.user).toBeNull();
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: 'correct-horse-1' } });
    expect(signIn.statusCode).toBeGreaterThanOrEqual(400);
    expect(await one('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [user.id])).toEqual({ n: 0 });

    // Personal data gone; payments kept with the personal fields replaced.
    expect(await one('SELECT name, email, phone, image FROM users WHERE id = $1', [user.id])).toEqual({
      name: 'Deleted account',
      email: `deleted-${user.id}@deleted.invalid`,
      phone: null,
      image: null,
    });
    expect(await one('SELECT amount, status, customer_name, customer_email FROM payments WHERE id = $1', [payment.id])).toEqual({
      amount: payment.amount,
      status: 'Complete',
      customer_name: 'Deleted account',
      customer_email: null,
    });
    expect(await one('SELECT count(*)::int AS n FROM support_chats WHERE user_id = $1', [user.id])).toEqual({ n: 0 });
    expect(await one('SELECT count(*)::int AS n FROM questionnaire_drafts WHERE user_id = $1', [user.id])).toEqual({ n: 0 });
    expect(await one('SELECT count(*)::int AS n FROM support_messages WHERE chat_id = $1', [chatId])).toEqual({ n: 0 });
    expect(await one('SELECT count(*)::int AS n FROM cards WHERE user_id = $1', [user.id])).toEqual({ n: 0 });

    // Files answer 404, even to staff.
    for (const id of [photoId, mediaId]) expect((await call(ctx.app, staff, 'GET', `/api/files/${id}`)).status).toBe(404);

    // The card is disabled at the provider.
    const disabled = await one(`SELECT count(*)::int AS n FROM square_sandbox_cards WHERE body->>'enabled' = 'false' AND id = (SELECT card_square_id FROM payments WHERE id = $1)`, [payment.id]);
    expect(disabled).toEqual({ n: 1 });

    // Cancelled: no renewal charges it, even long after the due date.
    const sub = await one('SELECT status, due_date FROM subscriptions WHERE id = $1', [subscriptionId]);
    expect(sub!.status).toBe('CANCELLED');
    time.advance(new Date(sub!.due_date as string).getTime() - time.now().getTime() + 86_400_000);
    await runRenewalSweep(ctx.app);
    await ctx.app.billing.settle();
    expect(await one('SELECT count(*)::int AS n FROM payments WHERE user_id = $1', [user.id])).toEqual({ n: 1 });

    // Who and when, in the audit log.
    expect(await one(`SELECT actor_name, entity_id FROM audit_log WHERE action = 'deletion.carry-out' AND customer_id = $1`, [user.id])).toEqual({
      actor_name: 'Sam Support',
      entity_id: requestId,
    });

    // A decided request cannot be decided again.
    const again = await call(ctx.app, staff, 'POST', `/api/staff/deletion-requests/${requestId}/carry-out`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('REQUEST_CLOSED');
  });

  it('closes a request whose e-mail has no account as such', async () => {
    const requestId = await requestDeletion(null, `nobody-${Date.now()}@example.com`);
    const done = await call(ctx.app, staff, 'POST', `/api/staff/deletion-requests/${requestId}/carry-out`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'done', outcome: 'no-account', signedIn: false });
  });

  it('changes nothing when the payment provider cannot disable the cards', async () => {
    const { user } = await subscribedUser(ctx);
    const requestId = await requestDeletion(user, user.email);
    const original = ctx.app.billing.gateway.disableCard;
    ctx.app.billing.gateway.disableCard = async () => {
      throw new Error('network down');
    };
    try {
      const res = await call(ctx.app, staff, 'POST', `/api/staff/deletion-requests/${requestId}/carry-out`);
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('PROVIDER_UNAVAILABLE');
    } finally {
      ctx.app.billing.gateway.disableCard = original;
    }
    expect((await call(ctx.app, user, 'GET', '/api/me')).body.user).toMatchObject({ email: user.email });
    expect((await queue('pending')).map((r) => r.id)).toContain(requestId);
  });

  it('refuses with a reason (required), and will not erase a staff account', async () => {
    const customer = await signUp(ctx.app);
    const requestId = await requestDeletion(customer, customer.email);
    const blank = await call(ctx.app, staff, 'POST', `/api/staff/deletion-requests/${requestId}/refuse`, { reason: '  ' });
    expect(blank.status).toBe(400);
    const refused = await call(ctx.app, staff, 'POST', `/api/staff/deletion-requests/${requestId}/refuse`, { reason: 'Open invoice dispute' });
    expect(refused.body).toMatchObject({ status: 'refused', outcome: 'refused', refusalReason: 'Open invoice dispute', decidedByName: 'Sam Support' });
    expect((await queue('refused')).map((r) => r.id)).toContain(requestId);
    expect((await call(ctx.app, customer, 'GET', '/api/me')).body.user).toMatchObject({ email: customer.email });
    expect((await as(ctx, customer, 'GET', '/api/staff/deletion-requests')).statusCode).toBe(403);

    const staffRequest = await requestDeletion(null, (await one('SELECT email FROM users WHERE id = $1', [staff.id]))!.email as string);
    const res = await call(ctx.app, staff, 'POST', `/api/staff/deletion-requests/${staffRequest}/carry-out`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('STAFF_ACCOUNT');
    const unknown = await call(ctx.app, staff, 'POST', '/api/staff/deletion-requests/nope/refuse', { reason: 'x' });
    expect(unknown.status).toBe(404);
  });
});
