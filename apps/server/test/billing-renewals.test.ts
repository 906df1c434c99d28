import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { runRenewalSweep } from '../src/modules/billing/renewals.ts';
import { runPendingSweep } from '../src/modules/billing/sweeps.ts';
import { as, createBillingApp, sandboxCharges, saveCard, subscribedUser, type ManualClock } from './billing-helpers.ts';
import type { TestContext, TestUser } from './helpers.ts';

let ctx: TestContext;
let time: ManualClock;
beforeAll(async () => {
  ({ ctx, time } = await createBillingApp());
});
afterAll(async () => ctx.close());

const subscription = async (user: TestUser, id: string) => (await as(ctx, user, 'GET', `/api/subscriptions/${id}`)).json();
const renewals = async (user: TestUser) =>
  (await as(ctx, user, 'GET', '/api/payments')).json().payments.filter((p: { purchaseType: string }) => p.purchaseType === 'Renewal');
const disableAtSquare = async (cardId: string) => {
  const [row] = await ctx.database.sql.query<{ square_card_id: string }>(`SELECT square_card_id FROM cards WHERE id = $1`, [cardId]);
  await ctx.app.billing.gateway.disableCard(row!.square_card_id);
};
/** Moves the clock to just past a moment, then sweeps. */
const sweepAt = async (ms: number) => {
  time.advance(ms - time.now().getTime() + 1000);
  return runRenewalSweep(ctx.app);
};

describe('renewal sweep', () => {
  it('charges an active subscription once its due date passes, once per period, and moves the due date a period on', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const { dueDate } = await subscription(user, subscriptionId);
    expect(await runRenewalSweep(ctx.app)).toEqual([]);
    const [paymentId] = await sweepAt(dueDate);
    expect(paymentId).toBeDefined();
    const [renewal] = await renewals(user);
    expect(renewal).toMatchObject({ id: paymentId, status: 'Complete', amount: 4999, subscriptionId, cardLast4: '1111' });
    expect(await sandboxCharges(ctx, paymentId!)).toBe(1);
    const after = await subscription(user, subscriptionId);
    const next = new Date(dueDate);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(after).toMatchObject({ status: 'ACTIVE', dueDate: next.getTime(), renewalFailures: 0 });
    expect(await runRenewalSweep(ctx.app)).not.toContain(paymentId);
    expect(await renewals(user)).toHaveLength(1);
  });

  it('never charges a cancelled subscription', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/cancel`);
    const { dueDate } = await subscription(user, subscriptionId);
    await sweepAt(dueDate);
    expect(await renewals(user)).toEqual([]);
    expect((await subscription(user, subscriptionId)).status).toBe('CANCELLED');
  });

  it('retries a failed renewal after 1, 3 and 7 days, then sets INACTIVE_NONPAYMENT', async () => {
    const { user, card, subscriptionId } = await subscribedUser(ctx);
    const { dueDate } = await subscription(user, subscriptionId);
    await disableAtSquare(card.id);
    await sweepAt(dueDate);
    const firstFailure = time.now().getTime();
    expect(await subscription(user, subscriptionId)).toMatchObject({ status: 'ACTIVE', renewalFailures: 1, nextRenewalAttemptAt: firstFailure + 86_400_000 });
    // Not before the retry is due.
    time.advance(3_600_000);
    await runRenewalSweep(ctx.app);
    expect(await renewals(user)).toHaveLength(1);
    for (const [day, failures] of [[1, 2], [3, 3]] as const) {
      await sweepAt(firstFailure + day * 86_400_000 - 1000);
      expect((await subscription(user, subscriptionId)).renewalFailures).toBe(failures);
    }
    // Retries are timed from the first failure: a day, then three, then seven days after it.
    expect((await subscription(user, subscriptionId)).nextRenewalAttemptAt).toBe(firstFailure + 7 * 86_400_000);
    await sweepAt(firstFailure + 7 * 86_400_000 - 1000);
    const sub = await subscription(user, subscriptionId);
    expect(sub).toMatchObject({ status: 'INACTIVE_NONPAYMENT', renewalFailures: 4, nextRenewalAttemptAt: null, dueDate, reactivation: 'CHECKOUT' });
    const attempts = await renewals(user);
    expect(attempts).toHaveLength(4);
    expect(attempts.every((p: { status: string; failureReason: string }) => p.status === 'Failed' && p.failureReason === 'This card can no longer be charged. Please use another card.')).toBe(true);
    await sweepAt(dueDate + 30 * 86_400_000);
    expect(await renewals(user)).toHaveLength(4);
  });

  it('a retry charges the default card when the subscription’s card is gone, and the period then renews', async () => {
    const { user, card, subscriptionId } = await subscribedUser(ctx);
    const { dueDate } = await subscription(user, subscriptionId);
    // Gone without a replacement, as an imported subscription's card can be (deleting it through the API is refused).
    await ctx.database.sql.query(`UPDATE subscriptions SET card_id = NULL WHERE id = $1`, [subscriptionId]);
    await ctx.database.sql.query(`UPDATE billing_customers SET default_card_id = NULL WHERE user_id = $1`, [user.id]);
    await ctx.database.sql.query(`DELETE FROM cards WHERE id = $1`, [card.id]);
    await sweepAt(dueDate);
    const [failed] = await renewals(user);
    expect(failed).toMatchObject({ status: 'Failed', failureReason: 'No card on file to charge. Please add a card in Payment Methods.' });
    await saveCard(ctx, user, { number: '5105105105105100' });
    await sweepAt(dueDate + 86_400_000);
    const sub = await subscription(user, subscriptionId);
    expect(sub).toMatchObject({ status: 'ACTIVE', renewalFailures: 0, nextRenewalAttemptAt: null, cardLast4: '5100' });
    expect(sub.dueDate).toBeGreaterThan(dueDate + 27 * 86_400_000);
    expect((await renewals(user)).map((p: { status: string }) => p.status)).toEqual(['Complete', 'Failed']);
  });

  it('honours RENEWAL_RETRY_DAYS', async () => {
    const other = await createBillingApp({ RENEWAL_RETRY_DAYS: '2' });
    try {
      const { user, card, subscriptionId } = await subscribedUser(other.ctx);
      const get = async () => (await as(other.ctx, user, 'GET', `/api/subscriptions/${subscriptionId}`)).json();
      const { dueDate } = await get();
      const [row] = await other.ctx.database.sql.query<{ square_card_id: string }>(`SELECT square_card_id FROM cards WHERE id = $1`, [card.id]);
      await other.ctx.app.billing.gateway.disableCard(row!.square_card_id);
      other.time.advance(dueDate - other.time.now().getTime() + 1000);
      await runRenewalSweep(other.ctx.app);
      expect((await get()).nextRenewalAttemptAt).toBe(other.time.now().getTime() + 2 * 86_400_000);
      other.time.advanceDays(2);
      await runRenewalSweep(other.ctx.app);
      expect((await get()).status).toBe('INACTIVE_NONPAYMENT');
    } finally {
      await other.ctx.close();
    }
  });
});

describe('one payment per subscription per period', () => {
  it('sweeps running at once (as from several instances) charge a period once', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const { dueDate } = await subscription(user, subscriptionId);
    time.advance(dueDate - time.now().getTime() + 1000);
    const results = await Promise.all([runRenewalSweep(ctx.app), runRenewalSweep(ctx.app), runRenewalSweep(ctx.app)]);
    expect(results.flat().filter(Boolean).length).toBeGreaterThanOrEqual(1);
    const list = await renewals(user);
    expect(list).toHaveLength(1);
    expect(await sandboxCharges(ctx, list[0].id)).toBe(1);
  });

  it('the database refuses a second live payment for the same period', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const { dueDate } = await subscription(user, subscriptionId);
    const insert = (key: string, attempt: number) =>
      ctx.database.sql.query(
        `INSERT INTO payments (id, user_id, idempotency_key, request_hash, status, purchase_type, service_id, service_title, price, recurring,
           subtotal, amount, subscription_id, renewal_period, attempt, created_at, updated_at)
         VALUES (gen_random_uuid()::text, $1, $2, $2, 'Pending', 'Renewal', 'p', 'Plan', '1.00', 'month', 100, 100, $3, $4, $5, now(), now())`,
        [user.id, key, subscriptionId, new Date(dueDate), attempt],
      );
    await insert('first', 1);
    await expect(insert('second', 2)).rejects.toThrow(/duplicate key|unique/i);
  });

  it('a renewal stopped between charge and commit is completed by the pending sweep, charged once', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const { dueDate } = await subscription(user, subscriptionId);
    ctx.app.billing.faults.afterCharge = () => {
      throw new Error('process stopped after the charge');
    };
    try {
      await sweepAt(dueDate);
    } finally {
      ctx.app.billing.faults.afterCharge = undefined;
    }
    const [pending] = await renewals(user);
    expect(pending.status).toBe('Pending');
    expect(await runRenewalSweep(ctx.app)).toEqual([]);
    time.advance(2 * 60_000);
    await runPendingSweep(ctx.app);
    const [done] = await renewals(user);
    expect(done).toMatchObject({ id: pending.id, status: 'Complete' });
    expect(await sandboxCharges(ctx, pending.id)).toBe(1);
    expect((await subscription(user, subscriptionId)).dueDate).toBeGreaterThan(dueDate);
  });
});

describe('operator controls', () => {
  const token = 'billing-operator-token-0123456789';
  const operator = { authorization: `Bearer ${token}` };

  it('runs the sweeps now, and on a test server moves the clock forward first', async () => {
    const test = await createBillingApp({ OPERATOR_TOKEN: token, ALLOW_CLOCK_CONTROL: 'true' });
    try {
      const { user, subscriptionId } = await subscribedUser(test.ctx);
      const before = test.time.now().getTime();
      const swept = await test.ctx.app.inject({ method: 'POST', url: '/api/operator/billing/sweeps', headers: operator });
      expect(swept.json()).toEqual({ now: before, renewals: 0, pending: { payments: 0, cards: 0, receipts: 0 }, reminders: 0, priceChanges: { applied: 0, notices: 0, reminders: 0 } });
      const moved = await test.ctx.app.inject({ method: 'POST', url: '/api/operator/billing/clock', headers: operator, payload: { advanceDays: 32 } });
      expect(moved.json()).toMatchObject({ now: before + 32 * 86_400_000, renewals: 1 });
      const payments = (await as(test.ctx, user, 'GET', '/api/payments')).json().payments;
      expect(payments.map((p: { purchaseType: string; status: string }) => `${p.purchaseType} ${p.status}`)).toEqual(['Renewal Complete', 'New Subscription Complete']);
      expect((await as(test.ctx, user, 'GET', `/api/subscriptions/${subscriptionId}`)).json().startDate).toBe(before);
      const anonymous = await test.ctx.app.inject({ method: 'POST', url: '/api/operator/billing/clock', payload: { advanceDays: 1 } });
      expect(anonymous.statusCode).toBe(404);
    } finally {
      await test.ctx.close();
    }
  });

  it('has no clock endpoint unless ALLOW_CLOCK_CONTROL is set, and production refuses the setting', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/operator/billing/clock', headers: operator, payload: { advanceDays: 1 } });
    expect(res.statusCode).toBe(404);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), ALLOW_CLOCK_CONTROL: 'true' })).toThrow(/ALLOW_CLOCK_CONTROL/);
  });
});
