import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prorate } from '../src/modules/billing/plan-change.ts';
import { runRenewalSweep } from '../src/modules/billing/renewals.ts';
import { as, createBillingApp, insertPlan, insertPromo, promoRedemptions, sandboxCharges, saveCard, subscribedUser, type ManualClock, type PlanRow } from './billing-helpers.ts';
import type { TestContext, TestUser } from './helpers.ts';

let ctx: TestContext;
let time: ManualClock;
beforeAll(async () => {
  ({ ctx, time } = await createBillingApp());
});
afterAll(async () => ctx.close());

const DAY = 86_400_000;
const subscription = async (user: TestUser, id: string) => (await as(ctx, user, 'GET', `/api/subscriptions/${id}`)).json();
const paymentsOf = async (user: TestUser, type: string) =>
  (await as(ctx, user, 'GET', '/api/payments')).json().payments.filter((p: { purchaseType: string }) => p.purchaseType === type);
const changePlan = (user: TestUser, id: string, body: { planId: string; promoCode?: string }) => as(ctx, user, 'POST', `/api/subscriptions/${id}/change-plan`, body);
const disableAtSquare = async (cardId: string) => {
  const [row] = await ctx.database.sql.query<{ square_card_id: string }>(`SELECT square_card_id FROM cards WHERE id = $1`, [cardId]);
  await ctx.app.billing.gateway.disableCard(row!.square_card_id);
};

/** A Growth (49.99/month) subscriber started now, and a Pro plan (99.99) on pricing. */
async function growthSubscriber(): Promise<{ user: TestUser; subscriptionId: string; pro: PlanRow; growth: PlanRow; cardId: string }> {
  const { user, subscriptionId, plan, card } = await subscribedUser(ctx, { title: 'Growth', price: '49.99', amount: 4999 });
  const pro = await insertPlan(ctx, { title: 'Pro', price: '99.99', amount: 9999 });
  return { user, subscriptionId, pro, growth: plan, cardId: card.id };
}

describe('proration arithmetic', () => {
  const start = new Date('2026-03-10T12:00:00Z');
  const end = new Date('2026-04-10T12:00:00Z'); // 31 days
  it.each([
    ['at the period start', 0, 31, 5000],
    ['in the middle (16 of 31 days left)', 15.5 * DAY, 16, 2581], // 5000 × 16 / 31 = 2580.65
    ['on the last day', 30.5 * DAY, 1, 161], // 5000 / 31 = 161.29
    ['a minute before the due date', 31 * DAY - 60_000, 1, 161],
  ])('%s', (_label, offset, remainingDays, amount) => {
    expect(prorate(5000, new Date(start.getTime() + offset), start, end)).toEqual({ remainingDays, periodDays: 31, amount });
  });
  it('rounds half a cent up, in integers', () => {
    const twoDays = new Date(start.getTime() + 2 * DAY);
    expect(prorate(1, new Date(start.getTime() + DAY), start, twoDays).amount).toBe(1); // 0.5 -> 1
    expect(prorate(3, new Date(start.getTime() + DAY), start, twoDays).amount).toBe(2); // 1.5 -> 2
    expect(prorate(-100, start, start, twoDays).amount).toBe(0);
  });
});

describe('plan options', () => {
  it('lists the visible plans with the price difference and the prorated charge now, rounding stated', async () => {
    const { user, subscriptionId, pro, growth } = await growthSubscriber();
    const hidden = await insertPlan(ctx, { title: 'Hidden', amount: 19999, visibility: 'hidden' });
    time.advanceDays(15.5);
    const res = await as(ctx, user, 'GET', `/api/subscriptions/${subscriptionId}/plan-options`);
    expect(res.statusCode).toBe(200);
    const { rounding, options } = res.json();
    expect(rounding).toContain('rounded to the nearest cent');
    expect(options.find((o: { planId: string }) => o.planId === hidden.id)).toBeUndefined();
    expect(options.find((o: { planId: string }) => o.planId === growth.id)).toMatchObject({ kind: 'current', priceDifference: 0, chargeNow: 0 });
    expect(options.find((o: { planId: string }) => o.planId === pro.id)).toMatchObject({
      kind: 'upgrade',
      priceDifference: 5000,
      subtotal: 2581,
      discount: 0,
      chargeNow: 2581,
      remainingDays: 16,
      periodDays: 31,
    });
  });
});

describe('upgrade', () => {
  it.each([
    // [label, days left, the difference (50.00) × days left / days in the period]
    ['at the period start', null],
    ['in the middle', 15.5],
    ['on the last day', 0.5],
  ])('%s charges the prorated difference now and applies the plan at once', async (_label, daysLeft) => {
    const { user, subscriptionId, pro } = await growthSubscriber();
    const before = await subscription(user, subscriptionId);
    const periodDays = Math.round((before.dueDate - before.startDate) / DAY);
    const remaining = daysLeft === null ? periodDays : Math.ceil(daysLeft);
    const charged = Math.round((5000 * remaining) / periodDays);
    if (daysLeft !== null) time.advance(before.dueDate - daysLeft * DAY - time.now().getTime());
    const res = await changePlan(user, subscriptionId, { planId: pro.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment).toMatchObject({ status: 'Pending', purchaseType: 'Plan Change', amount: charged, serviceTitle: 'Pro' });
    await ctx.app.billing.settle();
    const [payment] = await paymentsOf(user, 'Plan Change');
    expect(payment).toMatchObject({ status: 'Complete', amount: charged, subtotal: charged, discount: 0 });
    expect(await sandboxCharges(ctx, payment.id)).toBe(1);
    expect(await subscription(user, subscriptionId)).toMatchObject({
      status: 'ACTIVE',
      serviceId: pro.id,
      serviceTitle: 'Pro',
      amount: 9999,
      dueDate: before.dueDate,
      pendingChange: null,
    });
  });

  it('takes a promo code for the new plan: subtotal, discount and charge from the server', async () => {
    const { user, subscriptionId, pro } = await growthSubscriber();
    await insertPromo(ctx, { code: 'PRO20', type: 'percent', value: 20, serviceIds: [pro.id] });
    time.advanceDays(15.5);
    const quote = (await as(ctx, user, 'GET', `/api/subscriptions/${subscriptionId}/plan-options?promoCode=pro20`)).json();
    // Pro with 20% off is 79.99: 30.00 more than Growth, × 16/31 = 15.48.
    expect(quote.options.find((o: { planId: string }) => o.planId === pro.id)).toMatchObject({ subtotal: 2581, discount: 1033, chargeNow: 1548, promo: { status: 'success', finalAmount: 7999 } });
    const res = await changePlan(user, subscriptionId, { planId: pro.id, promoCode: ' pro20 ' });
    expect(res.statusCode).toBe(200);
    await ctx.app.billing.settle();
    const [payment] = await paymentsOf(user, 'Plan Change');
    expect(payment).toMatchObject({ status: 'Complete', subtotal: 2581, discount: 1033, amount: 1548, promoCode: 'PRO20' });
    expect(await promoRedemptions(ctx, 'PRO20')).toBe(1);
    // The subscription renews at the plan's price.
    expect((await subscription(user, subscriptionId)).amount).toBe(9999);
  });

  it('refuses an invalid promo code and leaves nothing behind', async () => {
    const { user, subscriptionId, pro } = await growthSubscriber();
    const res = await changePlan(user, subscriptionId, { planId: pro.id, promoCode: 'NOPE' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('PROMO_INVALID');
    expect(await paymentsOf(user, 'Plan Change')).toEqual([]);
  });

  it('50 concurrent change-plan requests make one payment and one charge', async () => {
    const { user, subscriptionId, pro } = await growthSubscriber();
    time.advanceDays(3);
    const answers = await Promise.all(Array.from({ length: 50 }, () => changePlan(user, subscriptionId, { planId: pro.id })));
    await ctx.app.billing.settle();
    const payments = await paymentsOf(user, 'Plan Change');
    expect(payments).toHaveLength(1);
    expect(await sandboxCharges(ctx, payments[0].id)).toBe(1);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json().payment.id).toBe(payments[0].id);
    }
    // Sent again later, the same change answers the same payment.
    const again = await changePlan(user, subscriptionId, { planId: pro.id });
    expect(again.json().payment).toMatchObject({ id: payments[0].id, status: 'Complete' });
    expect(await paymentsOf(user, 'Plan Change')).toHaveLength(1);
  });

  it('a declined upgrade leaves the plan as it was and can be tried again', async () => {
    const { user, subscriptionId, pro, growth, cardId } = await growthSubscriber();
    await disableAtSquare(cardId);
    await changePlan(user, subscriptionId, { planId: pro.id });
    await ctx.app.billing.settle();
    expect((await paymentsOf(user, 'Plan Change'))[0]).toMatchObject({ status: 'Failed' });
    expect(await subscription(user, subscriptionId)).toMatchObject({ status: 'ACTIVE', serviceId: growth.id });
    const fresh = await saveCard(ctx, user, { number: '5105 1051 0510 5100' });
    await ctx.database.sql.query(`UPDATE subscriptions SET card_id = $1 WHERE id = $2`, [fresh.id, subscriptionId]);
    const retry = await changePlan(user, subscriptionId, { planId: pro.id });
    expect(retry.statusCode).toBe(200);
    await ctx.app.billing.settle();
    expect(await subscription(user, subscriptionId)).toMatchObject({ serviceId: pro.id });
  });
});

describe('downgrade', () => {
  it('waits for the due date as ACTIVE_PENDING_UPDATE, can be undone, and the renewal applies it', async () => {
    const { user, subscriptionId, plan: pro } = await subscribedUser(ctx, { title: 'Pro', price: '99.99', amount: 9999 });
    const starter = await insertPlan(ctx, { title: 'Starter', price: '29.00', amount: 2900 });
    const { dueDate } = await subscription(user, subscriptionId);
    time.advanceDays(5);
    const res = await changePlan(user, subscriptionId, { planId: starter.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment).toBeNull();
    expect(res.json().subscription).toMatchObject({
      status: 'ACTIVE_PENDING_UPDATE',
      serviceId: pro.id,
      pendingChange: { serviceId: starter.id, serviceTitle: 'Starter', amount: 2900, effectiveAt: dueDate },
    });
    // The same downgrade again is a no-op.
    expect((await changePlan(user, subscriptionId, { planId: starter.id })).statusCode).toBe(200);
    expect((await changePlan(user, subscriptionId, { planId: starter.id, promoCode: 'X' })).statusCode).toBe(200);
    // Another plan replaces the waiting one (issue 28); the current plan again undoes it.
    const other = await insertPlan(ctx, { title: 'Basic', amount: 1900 });
    expect((await changePlan(user, subscriptionId, { planId: other.id })).json().subscription).toMatchObject({
      status: 'ACTIVE_PENDING_UPDATE',
      pendingChange: { serviceId: other.id, serviceTitle: 'Basic', effectiveAt: dueDate },
    });
    expect((await changePlan(user, subscriptionId, { planId: pro.id })).json().subscription).toMatchObject({ status: 'ACTIVE', serviceId: pro.id, pendingChange: null });
    await changePlan(user, subscriptionId, { planId: starter.id });

    const undone = await as(ctx, user, 'DELETE', `/api/subscriptions/${subscriptionId}/pending-change`);
    expect(undone.json()).toMatchObject({ status: 'ACTIVE', pendingChange: null, serviceId: pro.id });
    expect((await as(ctx, user, 'DELETE', `/api/subscriptions/${subscriptionId}/pending-change`)).json().error.code).toBe('NO_PENDING_CHANGE');
    await changePlan(user, subscriptionId, { planId: starter.id });

    time.advance(dueDate - time.now().getTime() + 1000);
    await runRenewalSweep(ctx.app);
    const renewals = await paymentsOf(user, 'Renewal');
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ status: 'Complete', amount: 2900, serviceTitle: 'Starter' });
    const next = new Date(dueDate);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(await subscription(user, subscriptionId)).toMatchObject({ status: 'ACTIVE', serviceId: starter.id, serviceTitle: 'Starter', amount: 2900, pendingChange: null, dueDate: next.getTime() });
  });

  it('an upgrade while a downgrade waits replaces it: charged now, nothing left scheduled', async () => {
    const { user, subscriptionId, pro, growth } = await growthSubscriber();
    const starter = await insertPlan(ctx, { title: 'Starter', amount: 900 });
    await changePlan(user, subscriptionId, { planId: starter.id });
    const res = await changePlan(user, subscriptionId, { planId: pro.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment).toMatchObject({ status: 'Pending', purchaseType: 'Plan Change', serviceTitle: 'Pro' });
    expect(res.json().subscription).toMatchObject({ status: 'ACTIVE', serviceId: growth.id, pendingChange: null });
    await ctx.app.billing.settle();
    expect(await subscription(user, subscriptionId)).toMatchObject({ status: 'ACTIVE', serviceId: pro.id, pendingChange: null });
  });

  it('cancelling drops a scheduled downgrade', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx, { amount: 9999 });
    const cheaper = await insertPlan(ctx, { amount: 100 });
    await changePlan(user, subscriptionId, { planId: cheaper.id });
    const cancelled = (await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/cancel`)).json();
    expect(cancelled).toMatchObject({ status: 'CANCELLED', pendingChange: null });
  });
});

describe('renewal sweep and payments in flight', () => {
  it('never charges a subscription that has a payment in flight', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const { dueDate } = await subscription(user, subscriptionId);
    await ctx.database.sql.query(
      `INSERT INTO payments (id, user_id, idempotency_key, request_hash, status, purchase_type, service_id, service_title, price, recurring, subtotal, amount, subscription_id, created_at, updated_at)
       SELECT 'inflight-' || $1, user_id, 'inflight-' || $1, 'x', 'Pending', 'Plan Change', service_id, service_title, price, recurring, 1, 1, id, now(), now() FROM subscriptions WHERE id = $1`,
      [subscriptionId],
    );
    time.advance(dueDate - time.now().getTime() + 1000);
    await runRenewalSweep(ctx.app);
    expect(await paymentsOf(user, 'Renewal')).toEqual([]);
    await ctx.database.sql.query(`DELETE FROM payments WHERE id = 'inflight-' || $1`, [subscriptionId]);
    await runRenewalSweep(ctx.app);
    expect(await paymentsOf(user, 'Renewal')).toHaveLength(1);
  });

  it('refuses a plan change while a renewal is overdue', async () => {
    const { user, subscriptionId, pro, cardId } = await growthSubscriber();
    const { dueDate } = await subscription(user, subscriptionId);
    await disableAtSquare(cardId);
    time.advance(dueDate - time.now().getTime() + 1000);
    await runRenewalSweep(ctx.app);
    const res = await changePlan(user, subscriptionId, { planId: pro.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('PAYMENT_OVERDUE');
  });
});

describe('dunning: pay now', () => {
  it('shows what is owed, why and when the next retry runs; 50 concurrent "pay now" make one charge and cancel the retries', async () => {
    const { user, subscriptionId, card } = await subscribedUser(ctx);
    const { dueDate } = await subscription(user, subscriptionId);
    expect((await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/pay-now`, {})).json().error.code).toBe('NOTHING_DUE');
    await disableAtSquare(card.id);
    time.advance(dueDate - time.now().getTime() + 1000);
    await runRenewalSweep(ctx.app);
    const owed = await subscription(user, subscriptionId);
    expect(owed.dunning).toMatchObject({ amount: 4999, nextRetryAt: time.now().getTime() + DAY });
    expect(owed.dunning.reason).toEqual(expect.any(String));
    expect(owed.status).toBe('ACTIVE');

    const fresh = await saveCard(ctx, user, { number: '5105 1051 0510 5100' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/pay-now`, { cardId: fresh.id })),
    );
    await ctx.app.billing.settle();
    const ids = new Set(answers.filter((r) => r.statusCode === 202).map((r) => r.json().id));
    for (const res of answers) if (res.statusCode !== 202) expect(res.json().error.code).toBe('NOTHING_DUE');
    expect(ids.size).toBe(1);
    const [paid] = [...ids] as string[];
    expect(await sandboxCharges(ctx, paid!)).toBe(1);
    const renewals = await paymentsOf(user, 'Renewal');
    expect(renewals.filter((p: { status: string }) => p.status === 'Complete')).toHaveLength(1);
    expect(renewals.find((p: { id: string }) => p.id === paid)).toMatchObject({ status: 'Complete', amount: 4999, cardLast4: '5100' });
    const next = new Date(dueDate);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(await subscription(user, subscriptionId)).toMatchObject({
      status: 'ACTIVE',
      dunning: null,
      renewalFailures: 0,
      nextRenewalAttemptAt: null,
      cardLast4: '5100',
      dueDate: next.getTime(),
    });
    // The retry that was scheduled does not run.
    time.advanceDays(2);
    await runRenewalSweep(ctx.app);
    expect(await paymentsOf(user, 'Renewal')).toHaveLength(renewals.length);
  });

  it('refuses another user\'s subscription and unknown cards', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const other = await subscribedUser(ctx);
    expect((await as(ctx, other.user, 'POST', `/api/subscriptions/${subscriptionId}/pay-now`, {})).statusCode).toBe(404);
    expect((await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/pay-now`, { cardId: other.card.id })).statusCode).toBe(404);
  });
});
