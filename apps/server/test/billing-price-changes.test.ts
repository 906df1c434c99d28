import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestEffectiveDay } from '@portal/contracts/price-changes';
import { runPriceChangeSweep } from '../src/modules/billing/price-change-notices.ts';
import { mailDate } from '../src/modules/notifications/index.ts';
import { as, checkout, insertPlan, manualClock, renewAt, saveCard, subscribedUser, subscriptionOf, type PlanRow } from './billing-helpers.ts';
import { signUp, type TestUser } from './helpers.ts';
import { createInstances, type Instances } from './instances-helpers.ts';
import { caughtFor, outboxFor } from './notify-helpers.ts';
import { signUpStaff } from './staff-helpers.ts';

const DAY = 86_400_000;
// Two instances on one database (on PostgreSQL their transactions really run at once), the clock moved by hand.
const time = manualClock();
let portal: Instances;
let staff: TestUser;
beforeAll(async () => {
  portal = await createInstances(2, { clock: time.clock, env: { RENEWAL_SWEEP_INTERVAL_MS: '0' } });
  staff = await signUpStaff(portal.ctx);
});
afterAll(async () => portal.close());

const moveTo = (ms: number) => time.advance(Math.max(0, ms - time.now().getTime()));
const schedule = (planId: string, body: { amount: number; effectiveAt: number }, user = staff) =>
  as(portal.ctx, user, 'POST', `/api/staff/plans/${planId}/price-change`, body);
/** Every instance sweeping at once, twice over. */
const sweepEverywhere = async () => {
  await Promise.all(portal.apps.map((app: FastifyInstance) => runPriceChangeSweep(app)));
  await Promise.all(portal.apps.map((app: FastifyInstance) => runPriceChangeSweep(app)));
};
const notices = (user: TestUser) => outboxFor(portal.ctx, user.email, 'price-change-notice');
const reminders = (user: TestUser) => outboxFor(portal.ctx, user.email, 'price-change-reminder');
const renewalsOf = async (user: TestUser) =>
  ((await as(portal.ctx, user, 'GET', '/api/payments')).json().payments as { purchaseType: string; amount: number; subtotal: number; price: string }[])
    .filter((p) => p.purchaseType === 'Renewal')
    .reverse();

/** A subscriber of `plan` (one more customer with a card who buys it now). */
async function subscriberOf(plan: PlanRow) {
  const user = await signUp(portal.ctx.app);
  const card = await saveCard(portal.ctx, user);
  const payment = await checkout(portal.ctx, user, { planId: plan.id, cardId: card.id });
  return { user, card, subscriptionId: payment.subscriptionId as string };
}

describe('a price change with notice', () => {
  it('is refused with less than 30 days of notice, saying from when it can be; and is for staff only', async () => {
    const plan = await insertPlan(portal.ctx);
    const earliest = earliestEffectiveDay(time.now().getTime());
    const early = await schedule(plan.id, { amount: 5999, effectiveAt: earliest - DAY });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toEqual({
      code: 'PRICE_CHANGE_NOTICE_TOO_SHORT',
      message: `Subscribers must hear of a new price at least 30 days ahead, as the Terms promise: choose ${mailDate(new Date(earliest))} or later.`,
    });
    const same = await schedule(plan.id, { amount: plan.amount, effectiveAt: earliest });
    expect([same.statusCode, same.json().error.code]).toEqual([400, 'PRICE_UNCHANGED']);
    expect((await schedule('no-such-plan', { amount: 5999, effectiveAt: earliest })).statusCode).toBe(404);
    const customer = await signUp(portal.ctx.app);
    expect((await schedule(plan.id, { amount: 5999, effectiveAt: earliest }, customer)).statusCode).toBe(403);
    const rows = await portal.ctx.database.sql.query(`SELECT id FROM plan_price_changes WHERE service_id = $1`, [plan.id]);
    expect(rows).toEqual([]);

    const first = await schedule(plan.id, { amount: 5999, effectiveAt: earliest });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ planId: plan.id, amount: 5999, price: '59.99', previousAmount: 4999, effectiveAt: earliest, appliedAt: null });
    const second = await schedule(plan.id, { amount: 6999, effectiveAt: earliest + DAY });
    expect([second.statusCode, second.json().error.code]).toEqual([409, 'PRICE_CHANGE_WAITING']);
    const [audit] = await portal.ctx.database.sql.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity_id = $1`, [plan.id]);
    expect(audit!.action).toBe('plan.price_change');
    const listed = (await as(portal.ctx, staff, 'GET', '/api/staff/plans')).json().plans.find((p: { id: string }) => p.id === plan.id);
    expect(listed.priceChange).toMatchObject({ amount: 5999, effectiveAt: earliest });
  });

  it('mails every subscriber at once and again 7 days before, each mail once however many instances sweep; renews at the new price from the first renewal on or after the date', async () => {
    const { user, subscriptionId, plan } = await subscribedUser(portal.ctx);
    const second = await subscriberOf(plan);
    const leaving = await subscriberOf(plan);
    await as(portal.ctx, leaving.user, 'POST', `/api/subscriptions/${leaving.subscriptionId}/cancel`, { reason: 'unused' });
    const { dueDate } = await subscriptionOf(portal.ctx, user, subscriptionId);
    // Effective three weeks after the next renewal: that renewal is at today's price, the one after at the new one.
    const effectiveAt = dueDate + 21 * DAY;
    const nextAfter = (await subscriptionOf(portal.ctx, user, subscriptionId)).dueDate;
    const scheduled = await schedule(plan.id, { amount: 5999, effectiveAt });
    expect(scheduled.statusCode).toBe(201);
    await sweepEverywhere();

    for (const who of [user, second.user]) expect(await notices(who)).toHaveLength(1);
    expect(await notices(leaving.user)).toEqual([]);
    const [mail] = (await caughtFor(portal.ctx, user.email)).filter((m) => m.subject.startsWith('The price of'));
    expect(mail!.subject).toBe(`The price of Growth Plan changes on ${mailDate(new Date(effectiveAt))}`);
    const after = await subscriptionOf(portal.ctx, user, subscriptionId);
    const firstRenewalAt = new Date(nextAfter);
    firstRenewalAt.setUTCMonth(firstRenewalAt.getUTCMonth() + 1);
    expect(after.comingPrice).toEqual({ amount: 5999, price: '59.99', effectiveAt, firstRenewalAt: firstRenewalAt.getTime() });
    for (const text of ['$49.99', '$59.99', mailDate(new Date(effectiveAt)), mailDate(firstRenewalAt)]) expect(mail!.text_body).toContain(text);

    // A customer who subscribes after the change was set hears of it from the sweep, once.
    const late = await subscriberOf(plan);
    await sweepEverywhere();
    expect(await notices(late.user)).toHaveLength(1);

    // The renewal before the date is at today's price.
    await renewAt(portal.ctx, time, dueDate);
    expect((await renewalsOf(user)).map((r) => r.amount)).toEqual([4999]);

    moveTo(effectiveAt - 7 * DAY - 60_000);
    await sweepEverywhere();
    expect(await reminders(user)).toEqual([]);
    moveTo(effectiveAt - 7 * DAY);
    await sweepEverywhere();
    for (const who of [user, second.user, late.user]) expect(await reminders(who)).toHaveLength(1);
    expect(await reminders(leaving.user)).toEqual([]);

    // On the date, new buyers pay the new price; the change is applied once.
    moveTo(effectiveAt);
    await sweepEverywhere();
    const pricing = (await portal.ctx.app.inject({ method: 'GET', url: `/api/plans/${plan.id}` })).json();
    expect(pricing).toMatchObject({ amount: 5999, price: '59.99' });
    const [change] = await portal.ctx.database.sql.query<{ applied_at: Date | null }>(`SELECT applied_at FROM plan_price_changes WHERE service_id = $1`, [plan.id]);
    expect(change!.applied_at).not.toBeNull();

    // The first renewal on or after the date, and every one after it, is at the new price.
    await renewAt(portal.ctx, time, firstRenewalAt.getTime());
    const renewed = await subscriptionOf(portal.ctx, user, subscriptionId);
    await renewAt(portal.ctx, time, renewed.dueDate);
    expect((await renewalsOf(user)).map((r) => [r.subtotal, r.amount, r.price])).toEqual([
      [4999, 4999, '49.99'],
      [5999, 5999, '59.99'],
      [5999, 5999, '59.99'],
    ]);
    expect(await subscriptionOf(portal.ctx, user, subscriptionId)).toMatchObject({ amount: 5999, price: '59.99', comingPrice: null });
    expect(await notices(user)).toHaveLength(1);
    expect(await reminders(user)).toHaveLength(1);
  });
});

describe('withdrawing a price change', () => {
  const withdraw = (planId: string, user = staff) => as(portal.ctx, user, 'DELETE', `/api/staff/plans/${planId}/price-change`);
  const withdrawals = (user: TestUser) => outboxFor(portal.ctx, user.email, 'price-change-withdrawn');

  it('tells every subscriber told that their price stays, once; renewals keep the price; a new change can be set', async () => {
    const { user, subscriptionId, plan } = await subscribedUser(portal.ctx);
    const other = await subscriberOf(plan);
    const { dueDate } = await subscriptionOf(portal.ctx, user, subscriptionId);
    const effectiveAt = Math.max(dueDate - DAY, earliestEffectiveDay(time.now().getTime()));
    expect((await schedule(plan.id, { amount: 5999, effectiveAt })).statusCode).toBe(201);
    await sweepEverywhere();
    expect((await subscriptionOf(portal.ctx, user, subscriptionId)).comingPrice).toMatchObject({ amount: 5999 });

    const customer = await signUp(portal.ctx.app);
    expect((await withdraw(plan.id, customer)).statusCode).toBe(403);
    // Two staff members withdrawing at once: one does, the other is told there is nothing left to withdraw.
    const [a, b] = await Promise.all([withdraw(plan.id), withdraw(plan.id)]);
    const answers = [a, b].map((r) => r.statusCode).sort();
    expect(answers).toEqual([200, 409]);
    const done = a.statusCode === 200 ? a : b;
    expect(done.json()).toMatchObject({ priceChange: { planId: plan.id, amount: 5999, effectiveAt }, subscribersTold: 2 });
    expect((a.statusCode === 409 ? a : b).json().error.code).toBe('NO_PRICE_CHANGE_WAITING');

    for (const who of [user, other.user]) expect(await withdrawals(who)).toHaveLength(1);
    const [mail] = (await caughtFor(portal.ctx, user.email)).filter((m) => m.subject === 'The price of Growth Plan is not changing');
    expect(mail!.text_body).toContain('Your subscription keeps renewing at $49.99 per month.');
    expect((await subscriptionOf(portal.ctx, user, subscriptionId)).comingPrice).toBeNull();
    // Both entries carry the same time (the clock stands still here): compare them as a set.
    const audit = await portal.ctx.database.sql.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity_id = $1`, [plan.id]);
    expect(audit.map((a) => a.action).sort()).toEqual(['plan.price_change', 'plan.price_change_withdraw']);

    // No reminder, no new price on the date, and the renewal after it at the old price.
    moveTo(effectiveAt);
    await sweepEverywhere();
    expect(await reminders(user)).toEqual([]);
    expect((await portal.ctx.app.inject({ method: 'GET', url: `/api/plans/${plan.id}` })).json()).toMatchObject({ amount: 4999 });
    await renewAt(portal.ctx, time, dueDate);
    expect((await renewalsOf(user)).map((r) => r.amount)).toEqual([4999]);
    expect((await schedule(plan.id, { amount: 6999, effectiveAt: earliestEffectiveDay(time.now().getTime()) })).statusCode).toBe(201);
  });

  it('is refused once the change is in effect, and when none waits', async () => {
    const plan = await insertPlan(portal.ctx);
    expect((await withdraw(plan.id)).json().error.code).toBe('NO_PRICE_CHANGE_WAITING');
    const effectiveAt = earliestEffectiveDay(time.now().getTime());
    expect((await schedule(plan.id, { amount: 5999, effectiveAt })).statusCode).toBe(201);
    moveTo(effectiveAt);
    const late = await withdraw(plan.id);
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'PRICE_CHANGE_IN_EFFECT']);
    expect((await withdraw('no-such-plan')).statusCode).toBe(404);
  });
});

describe('a paid reactivation (decision 0062)', () => {
  it("is charged the plan's price of the day, the one checkout shows, and the subscription keeps it", async () => {
    const { user, card, subscriptionId, plan } = await subscribedUser(portal.ctx);
    await as(portal.ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/cancel`, { reason: 'unused' });
    const { dueDate } = await subscriptionOf(portal.ctx, user, subscriptionId);
    moveTo(dueDate + DAY);
    expect((await subscriptionOf(portal.ctx, user, subscriptionId)).reactivation).toBe('CHECKOUT');
    // Staff raised the price for new buyers meanwhile.
    const edited = await as(portal.ctx, staff, 'PUT', `/api/staff/plans/${plan.id}`, { title: plan.title, amount: 6499, recurring: 'month', description: '', visible: true });
    expect(edited.statusCode).toBe(200);
    const payment = await checkout(portal.ctx, user, { planId: plan.id, cardId: card.id, mode: 'REACTIVATE_SUBSCRIPTION', subscriptionId });
    expect(payment).toMatchObject({ status: 'Complete', purchaseType: 'Reactivation', amount: 6499 });
    expect(await subscriptionOf(portal.ctx, user, subscriptionId)).toMatchObject({ status: 'ACTIVE', amount: 6499, price: '64.99' });
  });
});
