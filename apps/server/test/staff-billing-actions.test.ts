import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRenewalSweep } from '../src/modules/billing/renewals.ts';
import { refunds } from '../src/modules/billing/schema.ts';
import { as, createBillingApp, disableAtSquare, newKey, sandboxCharges, saveCard, subscribedUser, subscriptionOf, type ManualClock } from './billing-helpers.ts';
import type { TestContext, TestUser } from './helpers.ts';
import { outboxFor } from './notify-helpers.ts';
import { signUpStaff } from './staff-helpers.ts';

let ctx: TestContext;
let time: ManualClock;
let staff: TestUser;
beforeAll(async () => {
  ({ ctx, time } = await createBillingApp());
  staff = await signUpStaff(ctx);
});
afterAll(async () => ctx.close());

const DAY = 86_400_000;
const refund = (paymentId: string, body: { amount: number; reason: string; idempotencyKey?: string }) =>
  as(ctx, staff, 'POST', `/api/staff/payments/${paymentId}/refunds`, { idempotencyKey: newKey(), ...body });
const staffPost = (subscriptionId: string, action: string, body: unknown) => as(ctx, staff, 'POST', `/api/staff/subscriptions/${subscriptionId}/${action}`, body);
const auditOf = async (customer: TestUser) => (await as(ctx, staff, 'GET', `/api/staff/customers/${customer.id}/audit?limit=100`)).json().entries;
const mailKinds = async (customer: TestUser) => (await outboxFor(ctx, customer.email)).map((m) => m.kind);

describe('staff refunds from the customer page', () => {
  it('refunds part, then the rest: each audited with who, how much and why, each e-mailed; more than what is left is refused', async () => {
    const { user, payment } = await subscribedUser(ctx);
    const part = await refund(payment.id, { amount: 1500, reason: 'Setup was late' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().payment).toMatchObject({ refunded: 1500, refundStatus: 'Partially refunded' });

    const tooMuch = await refund(payment.id, { amount: 3500, reason: 'Everything' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toEqual({ code: 'REFUND_TOO_LARGE', message: 'A refund cannot be more than what is left of the payment ($34.99).' });

    const rest = await refund(payment.id, { amount: 3499, reason: 'Cancelled in the first week' });
    expect(rest.json().payment).toMatchObject({ refunded: 4999, refundStatus: 'Refunded' });
    expect((await refund(payment.id, { amount: 1, reason: 'One more cent' })).json().error.code).toBe('REFUND_TOO_LARGE');

    // The customer sees it in history (the staff's section reads the same rows).
    const history = (await as(ctx, user, 'GET', '/api/payments')).json().payments;
    expect(history.find((p: { id: string }) => p.id === payment.id)).toMatchObject({ refunded: 4999, refundStatus: 'Refunded' });

    const refunds = (await auditOf(user)).filter((e: { action: string }) => e.action === 'payment.refund');
    expect(refunds).toHaveLength(2);
    expect(refunds[0]).toMatchObject({
      actorName: 'Sam Support',
      entityType: 'payment',
      entityId: payment.id,
      before: { refunded: 1500 },
      after: { refunded: 4999, refundAmount: 3499, reason: 'Cancelled in the first week' },
    });
    expect(refunds[1]).toMatchObject({ after: { refundAmount: 1500, reason: 'Setup was late' } });

    const mails = await outboxFor(ctx, user.email, 'refund');
    expect(mails.map((m) => m.subject).sort()).toEqual([`Your refund: $15.00 for ${payment.serviceTitle}`, `Your refund: $34.99 for ${payment.serviceTitle}`]);
    expect(mails.find((m) => m.subject.includes('$15.00'))!.text_body).toContain('Setup was late');
  });

  it('refunds sent at once with different keys never add up to more than the payment', async () => {
    const { user, payment } = await subscribedUser(ctx);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => refund(payment.id, { amount: 1000, reason: `Goodwill ${i}` })));
    // Each answer by what it says, so a failure shows every code that came back.
    const outcomes = answers.map((r) => (r.statusCode === 200 ? r.json().refund.status : `${r.statusCode} ${r.json().error?.code}`)).sort();
    expect(outcomes).toEqual([...Array(4).fill('400 REFUND_TOO_LARGE'), ...Array(4).fill('Complete')]);
    expect((await as(ctx, user, 'GET', `/api/payments/${payment.id}`)).json().refunded).toBe(4000);
    const [{ n }] = (await ctx.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM square_sandbox_refunds r JOIN payments p ON p.square_payment_id = r.payment_id WHERE p.id = $1`,
      [payment.id],
    )) as [{ n: number }];
    expect(n).toBe(4);
    expect((await auditOf(user)).filter((e: { action: string }) => e.action === 'payment.refund')).toHaveLength(4);
  });

  it('counts a refund Square told of once while ours of the same amount still waits for its answer', async () => {
    const { user, payment } = await subscribedUser(ctx);
    // The moment between Square's webhook and its answer: our refund Pending with no Square id, and the same refund
    // as the webhook recorded it.
    const at = time.now();
    const row = { paymentId: payment.id, userId: user.id, amount: 1000, reason: 'Goodwill', createdAt: at, updatedAt: at };
    await ctx.app.db.insert(refunds).values([
      { ...row, id: newKey(), status: 'Pending', idempotencyKey: `${payment.id}:${newKey()}`, staffId: staff.id },
      { ...row, id: newKey(), status: 'Complete', idempotencyKey: 'square:told', squareRefundId: 'told', origin: 'square' },
    ]);
    const rest = await refund(payment.id, { amount: 3999, reason: 'The rest' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await refund(payment.id, { amount: 1, reason: 'One more cent' })).json().error.code).toBe('REFUND_TOO_LARGE');
  });
});

describe('staff cancel and reactivate', () => {
  it('cancels at the period end with the customer’s reason, then reactivates: both audited and e-mailed, the reason shown on the subscription', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const { dueDate } = await subscriptionOf(ctx, user, subscriptionId);
    const cancelled = await staffPost(subscriptionId, 'cancel', { when: 'period_end', reason: 'too_expensive', comment: 'Budget cut this quarter' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', dueDate, reactivation: 'FREE', cancellation: { reason: 'too_expensive', comment: 'Budget cut this quarter' } });
    const section = (await as(ctx, staff, 'GET', `/api/staff/customers/${user.id}/subscriptions`)).json().subscriptions;
    expect(section[0]).toMatchObject({ id: subscriptionId, cancellation: { reason: 'too_expensive', comment: 'Budget cut this quarter' } });

    expect((await staffPost(subscriptionId, 'cancel', { when: 'now', reason: 'unused' })).json().error.code).toBe('NOT_ACTIVE');
    expect((await staffPost(subscriptionId, 'reactivate', { reason: '  ' })).statusCode).toBe(400);
    const back = await staffPost(subscriptionId, 'reactivate', { reason: 'Customer called back' });
    expect(back.json()).toMatchObject({ status: 'ACTIVE', cancellation: null, dueDate });
    expect((await staffPost(subscriptionId, 'reactivate', { reason: 'Twice' })).json().error.code).toBe('ALREADY_ACTIVE');

    const [reactivated, cancel] = await auditOf(user);
    expect(cancel).toMatchObject({
      action: 'subscription.cancel',
      actorName: 'Sam Support',
      entityId: subscriptionId,
      before: { status: 'ACTIVE' },
      after: { status: 'CANCELLED', when: 'period_end', cancelReason: 'too_expensive', reason: 'Too expensive: Budget cut this quarter' },
    });
    expect(reactivated).toMatchObject({ action: 'subscription.reactivate', before: { status: 'CANCELLED' }, after: { status: 'ACTIVE', reason: 'Customer called back' } });
    expect(await mailKinds(user)).toEqual(expect.arrayContaining(['subscription-cancelled', 'subscription-reactivated']));
  });

  it('cancels now: the paid period ends at once, so it comes back only through checkout', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const now = await staffPost(subscriptionId, 'cancel', { when: 'now', reason: 'other', comment: 'Closed the business' });
    expect(now.json()).toMatchObject({ status: 'CANCELLED', dueDate: time.now().getTime(), reactivation: 'CHECKOUT' });
    expect((await staffPost(subscriptionId, 'reactivate', { reason: 'Asked' })).json().error.code).toBe('PAYMENT_REQUIRED');
    expect((await outboxFor(ctx, user.email, 'subscription-ended'))[0]!.subject).toContain('has ended');
    expect((await auditOf(user))[0]).toMatchObject({ action: 'subscription.cancel', after: { when: 'now', reason: 'Other: Closed the business' } });
    // "other" needs words, as the customer's form asks.
    const second = await subscribedUser(ctx);
    expect((await staffPost(second.subscriptionId, 'cancel', { when: 'now', reason: 'other' })).statusCode).toBe(400);
  });

  it('counts churn by reason over the last 90 days, leaving out what came back', async () => {
    const before = (await as(ctx, staff, 'GET', '/api/staff/overview/churn')).json();
    const a = await subscribedUser(ctx);
    const b = await subscribedUser(ctx);
    const c = await subscribedUser(ctx);
    await staffPost(a.subscriptionId, 'cancel', { when: 'period_end', reason: 'missing_features' });
    await as(ctx, b.user, 'POST', `/api/subscriptions/${b.subscriptionId}/cancel`, { reason: 'missing_features' });
    await as(ctx, c.user, 'POST', `/api/subscriptions/${c.subscriptionId}/cancel`, { reason: 'too_complex' });
    await staffPost(c.subscriptionId, 'reactivate', { reason: 'Walked them through it' });
    const churn = (await as(ctx, staff, 'GET', '/api/staff/overview/churn')).json();
    const count = (body: { reasons: { reason: string | null; count: number }[] }, reason: string) => body.reasons.find((r) => r.reason === reason)?.count ?? 0;
    expect(churn).toMatchObject({ days: 90, sinceTimestamp: time.now().getTime() - 90 * DAY });
    expect(count(churn, 'missing_features') - count(before, 'missing_features')).toBe(2);
    expect(count(churn, 'too_complex')).toBe(count(before, 'too_complex'));
    expect(churn.total - before.total).toBe(2);
    expect((await as(ctx, a.user, 'GET', '/api/staff/overview/churn')).statusCode).toBe(403);
  });
});

describe('goodwill extension', () => {
  it('moves the due date on by whole days at no charge, audited and e-mailed; later renewals keep it', async () => {
    const { user, subscriptionId, payment } = await subscribedUser(ctx);
    const { dueDate } = await subscriptionOf(ctx, user, subscriptionId);
    expect((await staffPost(subscriptionId, 'extend', { days: 0, fromDueDate: dueDate, reason: 'x' })).statusCode).toBe(400);
    expect((await staffPost(subscriptionId, 'extend', { days: 14, fromDueDate: dueDate, reason: '' })).statusCode).toBe(400);
    // Sent three times at once (a resend, a second member of staff): extended once; the others are told it moved.
    const answers = await Promise.all(Array.from({ length: 3 }, () => staffPost(subscriptionId, 'extend', { days: 14, fromDueDate: dueDate, reason: 'The app store review took two weeks' })));
    const res = answers.find((r) => r.statusCode === 200)!;
    expect(answers.filter((r) => r.statusCode === 409).map((r) => r.json().error.code)).toEqual(['DUE_DATE_CHANGED', 'DUE_DATE_CHANGED']);
    expect(res.json()).toMatchObject({ status: 'ACTIVE', dueDate: dueDate + 14 * DAY });
    expect((await as(ctx, user, 'GET', '/api/payments')).json().payments.map((p: { id: string }) => p.id)).toEqual([payment.id]);
    expect((await auditOf(user))[0]).toMatchObject({
      action: 'subscription.extend',
      actorName: 'Sam Support',
      before: { dueDate: new Date(dueDate).toISOString() },
      after: { dueDate: new Date(dueDate + 14 * DAY).toISOString(), days: 14, reason: 'The app store review took two weeks' },
    });
    const [mail] = await outboxFor(ctx, user.email, 'subscription-extended');
    expect(mail!.subject).toBe(`14 days of ${payment.serviceTitle} on us`);

    // Nothing is charged at the old due date; the renewal comes at the new one.
    const renewalsOf = async () =>
      (await as(ctx, user, 'GET', '/api/payments')).json().payments.filter((p: { purchaseType: string }) => p.purchaseType === 'Renewal');
    time.advance(dueDate - time.now().getTime() + 1000);
    await runRenewalSweep(ctx.app);
    expect(await renewalsOf()).toEqual([]);
    time.advance(14 * DAY);
    await runRenewalSweep(ctx.app);
    await ctx.app.billing.settle();
    expect(await renewalsOf()).toEqual([expect.objectContaining({ status: 'Complete' })]);
    const renewed = await subscriptionOf(ctx, user, subscriptionId);
    expect(new Date(renewed.dueDate).getUTCDate()).toBe(new Date(dueDate + 14 * DAY).getUTCDate());

    const cancelled = await subscribedUser(ctx);
    await staffPost(cancelled.subscriptionId, 'cancel', { when: 'now', reason: 'unused' });
    expect((await staffPost(cancelled.subscriptionId, 'extend', { days: 3, fromDueDate: 0, reason: 'Sorry' })).json().error.code).toBe('NOT_ACTIVE');
    expect((await staffPost('missing', 'extend', { days: 3, fromDueDate: 0, reason: 'Sorry' })).statusCode).toBe(404);
  });
});

describe('retry a failed renewal now', () => {
  it('charges once however often it is asked, audits the retry, and says when nothing is due', async () => {
    const { user, card, subscriptionId } = await subscribedUser(ctx);
    expect((await staffPost(subscriptionId, 'retry-renewal', { reason: 'Customer asked' })).json().error.code).toBe('NOTHING_DUE');
    const { dueDate } = await subscriptionOf(ctx, user, subscriptionId);
    await disableAtSquare(ctx, card.id);
    time.advance(dueDate - time.now().getTime() + 1000);
    await runRenewalSweep(ctx.app);
    await ctx.app.billing.settle();
    expect((await subscriptionOf(ctx, user, subscriptionId)).renewalFailures).toBe(1);

    // The customer has put a working card on the subscription; staff retry at once instead of waiting a day.
    const fresh = await saveCard(ctx, user, { number: '5105 1051 0510 5100' });
    expect((await as(ctx, user, 'PUT', `/api/subscriptions/${subscriptionId}/card`, { cardId: fresh.id })).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 10 }, () => staffPost(subscriptionId, 'retry-renewal', { reason: 'Card updated by phone' })));
    await ctx.app.billing.settle();
    for (const r of answers) expect([202, 409]).toContain(r.statusCode);
    const ids = new Set(answers.filter((r) => r.statusCode === 202).map((r) => r.json().id));
    expect(ids.size).toBe(1);
    const [paid] = [...ids] as string[];
    expect(await sandboxCharges(ctx, paid!)).toBe(1);
    expect((await as(ctx, user, 'GET', `/api/payments/${paid}`)).json()).toMatchObject({ status: 'Complete', purchaseType: 'Renewal', cardLast4: '5100' });
    expect(await subscriptionOf(ctx, user, subscriptionId)).toMatchObject({ renewalFailures: 0, dunning: null });
    expect((await staffPost(subscriptionId, 'retry-renewal', { reason: 'Again' })).json().error.code).toBe('NOTHING_DUE');

    const retries = (await auditOf(user)).filter((e: { action: string }) => e.action === 'subscription.retry-renewal');
    expect(retries).toEqual([expect.objectContaining({ actorName: 'Sam Support', after: expect.objectContaining({ paymentId: paid, reason: 'Card updated by phone' }) })]);
    expect(await mailKinds(user)).toContain('receipt');
  });

  it('is staff only', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    for (const action of ['cancel', 'reactivate', 'extend', 'retry-renewal']) {
      const res = await as(ctx, user, 'POST', `/api/staff/subscriptions/${subscriptionId}/${action}`, { when: 'now', reason: 'unused', days: 1 });
      expect(res.statusCode, action).toBe(403);
    }
    expect((await subscriptionOf(ctx, user, subscriptionId)).status).toBe('ACTIVE');
  });
});
