import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_CONFIRMATIONS, subscriptionStatusLabel } from '@portal/contracts/subscriptions';
import { as, checkout, createBillingApp, insertPlan, newKey, sandboxCharges, subscribedUser, type ManualClock } from './billing-helpers.ts';
import { signUp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let time: ManualClock;
beforeAll(async () => {
  ({ ctx, time } = await createBillingApp());
  await ctx.database.sql.query(`INSERT INTO completion_step_templates (id, step_index, step_details) VALUES ('s1', 1, 'Fill the questionnaire')`);
});
afterAll(async () => ctx.close());

const get = async (user: Awaited<ReturnType<typeof subscribedUser>>['user'], id: string) => (await as(ctx, user, 'GET', `/api/subscriptions/${id}`)).json();

describe('status display rules', () => {
  it('replaces the first underscore with a space and shows other values as Unknown', () => {
    expect(subscriptionStatusLabel('ACTIVE')).toBe('ACTIVE');
    expect(subscriptionStatusLabel('ACTIVE_PENDING_UPDATE')).toBe('ACTIVE PENDING_UPDATE');
    expect(subscriptionStatusLabel('INACTIVE_NONPAYMENT')).toBe('INACTIVE NONPAYMENT');
    expect(subscriptionStatusLabel('PAUSED')).toBe('PAUSED');
    expect(subscriptionStatusLabel('DEACTIVATED')).toBe('Unknown');
    expect(SUBSCRIPTION_CONFIRMATIONS.cancel).toBe('Are you sure you want to cancel this subscription?');
  });
});

describe('listing', () => {
  it('lists the user’s subscriptions, newest start first', async () => {
    const { user, card, subscriptionId: first } = await subscribedUser(ctx);
    const another = await insertPlan(ctx);
    time.advanceDays(2);
    const second = (await checkout(ctx, user, { planId: another.id, cardId: card.id })).subscriptionId;
    const list = (await as(ctx, user, 'GET', '/api/subscriptions')).json().subscriptions;
    expect(list.map((s: { id: string }) => s.id)).toEqual([second, first]);
  });
});

describe('cancel and free reactivation', () => {
  it('cancelling keeps the paid period; reactivating inside it costs nothing', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const before = await get(user, subscriptionId);
    const cancelled = await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', dueDate: before.dueDate, reactivation: 'FREE' });
    expect((await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/cancel`)).json().error).toEqual({
      code: 'NOT_ACTIVE',
      message: 'Only an active subscription can be cancelled.',
    });
    time.advanceDays(10);
    const reactivated = await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/reactivate`);
    expect(reactivated.json()).toMatchObject({ status: 'ACTIVE', dueDate: before.dueDate, cancelledAt: null, reactivation: null });
    expect((await as(ctx, user, 'GET', '/api/payments')).json().payments).toHaveLength(1);
    const again = await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/reactivate`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This subscription is already active.');
  });

  it('after the due date, free reactivation is refused and checkout is the way back', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/cancel`);
    time.advanceDays(40);
    expect((await get(user, subscriptionId)).reactivation).toBe('CHECKOUT');
    const res = await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/reactivate`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'PAYMENT_REQUIRED', message: "This subscription's paid period has ended. Please reactivate it through checkout." });
  });
});

describe('reactivation through checkout', () => {
  it('charges the plan and brings the same subscription back for a new period from now, without new steps', async () => {
    const { user, plan, card, subscriptionId } = await subscribedUser(ctx);
    await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/cancel`);
    time.advanceDays(45);
    const payment = await checkout(ctx, user, { planId: plan.id, cardId: card.id, mode: 'REACTIVATE_SUBSCRIPTION', subscriptionId });
    expect(payment).toMatchObject({ status: 'Complete', purchaseType: 'Reactivation', subscriptionId, amount: 4999 });
    expect(await sandboxCharges(ctx, payment.id)).toBe(1);
    const sub = await get(user, subscriptionId);
    expect(sub).toMatchObject({ status: 'ACTIVE', renewalFailures: 0, reactivation: null });
    expect(sub.dueDate).toBeGreaterThan(time.now().getTime() + 27 * 86_400_000);
    expect((await as(ctx, user, 'GET', '/api/subscriptions')).json().subscriptions).toHaveLength(1);
    const steps = await ctx.database.sql.query(`SELECT id FROM completion_steps WHERE subscription_id = $1`, [subscriptionId]);
    expect(steps).toHaveLength(1);
  });

  it('works for INACTIVE_NONPAYMENT, and refuses active, still-paid, foreign and mismatched subscriptions', async () => {
    const { user, plan, card, subscriptionId } = await subscribedUser(ctx);
    const reactivate = (over: Record<string, unknown> = {}) =>
      as(ctx, user, 'POST', '/api/checkout', { planId: plan.id, cardId: card.id, mode: 'REACTIVATE_SUBSCRIPTION', subscriptionId, idempotencyKey: newKey(), ...over });
    expect((await reactivate()).json().error.code).toBe('ALREADY_ACTIVE');
    await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/cancel`);
    expect((await reactivate()).json().error.code).toBe('REACTIVATE_FREE');
    await ctx.database.sql.query(`UPDATE subscriptions SET status = 'INACTIVE_NONPAYMENT' WHERE id = $1`, [subscriptionId]);
    expect((await reactivate({ planId: 'another-plan' })).json().error.code).toBe('PLAN_MISMATCH');
    const stranger = await signUp(ctx.app);
    const foreign = await as(ctx, stranger, 'POST', '/api/checkout', { planId: plan.id, mode: 'REACTIVATE_SUBSCRIPTION', subscriptionId, idempotencyKey: newKey() });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Subscription not found.');
    const res = await reactivate();
    expect(res.statusCode).toBe(202);
    // A second attempt, whether the first is still in flight or has just completed, is refused rather than
    // charged twice.
    const twice = await reactivate();
    expect(twice.statusCode).toBe(409);
    expect(['PAYMENT_IN_PROGRESS', 'ALREADY_ACTIVE']).toContain(twice.json().error.code);
    await ctx.app.billing.settle();
    expect((await get(user, subscriptionId)).status).toBe('ACTIVE');
    const charges = (await as(ctx, user, 'GET', '/api/payments')).json().payments.filter((p: { purchaseType: string; status: string }) => p.purchaseType === 'Reactivation' && p.status === 'Complete');
    expect(charges).toHaveLength(1);
  });
});

describe("another user's subscriptions", () => {
  it('answer 404 on every route', async () => {
    const { subscriptionId } = await subscribedUser(ctx);
    const other = await signUp(ctx.app);
    for (const [method, url] of [
      ['GET', `/api/subscriptions/${subscriptionId}`],
      ['POST', `/api/subscriptions/${subscriptionId}/cancel`],
      ['POST', `/api/subscriptions/${subscriptionId}/reactivate`],
    ] as const) {
      const res = await as(ctx, other, method, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.message).toBe('Subscription not found.');
    }
    expect((await as(ctx, other, 'GET', '/api/subscriptions')).json().subscriptions).toEqual([]);
    expect((await ctx.app.inject({ url: '/api/subscriptions' })).statusCode).toBe(401);
  });
});
