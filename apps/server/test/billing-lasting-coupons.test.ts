import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRenewalSweep } from '../src/modules/billing/renewals.ts';
import { as, checkout, insertPlan, insertPromo, manualClock, newKey, pdfText, promoRedemptions, renewAt, saveCard, subscriptionOf } from './billing-helpers.ts';
import { signUp, type TestUser } from './helpers.ts';
import { createInstances, type Instances } from './instances-helpers.ts';
import { caughtFor } from './notify-helpers.ts';

// Two instances on one database (on PostgreSQL their transactions really run at once), the clock moved by hand.
const time = manualClock();
let portal: Instances;
beforeAll(async () => {
  portal = await createInstances(2, { clock: time.clock, env: { RENEWAL_SWEEP_INTERVAL_MS: '0' } });
});
afterAll(async () => portal.close());

let turn = 0;
const nextInstance = (): FastifyInstance => portal.apps[turn++ % portal.apps.length]!;
const send = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  nextInstance().inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

interface PaymentView {
  id: string;
  purchaseType: string;
  status: string;
  subtotal: number;
  discount: number;
  amount: number;
  promoCode: string | null;
}
const renewalsOf = async (user: TestUser) =>
  ((await as(portal.ctx, user, 'GET', '/api/payments')).json().payments as PaymentView[]).filter((p) => p.purchaseType === 'Renewal').reverse();

/** A customer with a card who buys a fresh $49.99 monthly plan with a code; returns the subscription. */
async function buyWith(code: string) {
  const { ctx } = portal;
  const user = await signUp(ctx.app);
  const plan = await insertPlan(ctx);
  const card = await saveCard(ctx, user);
  const payment = await checkout(ctx, user, { planId: plan.id, cardId: card.id, promoCode: code });
  expect(payment.status).toBe('Complete');
  return { user, plan, card, payment, subscriptionId: payment.subscriptionId as string };
}

/** Runs `count` renewals one after the other, each at its due date. */
async function renew(user: TestUser, subscriptionId: string, count: number) {
  for (let i = 0; i < count; i += 1) {
    const { dueDate } = await subscriptionOf(portal.ctx, user, subscriptionId);
    const [paymentId] = await renewAt(portal.ctx, time, dueDate);
    expect(paymentId).toBeDefined();
  }
  return renewalsOf(user);
}

describe('how long a promo code lasts', () => {
  it('"for 3 months" on a monthly plan: the first payment and the next 2 renewals, then the full price', async () => {
    await insertPromo(portal.ctx, { code: 'THREEMONTHS', type: 'percent', value: 20, duration: 'months', durationMonths: 3 });
    const { user, payment, subscriptionId } = await buyWith('threemonths');
    expect(payment).toMatchObject({ subtotal: 4999, discount: 1000, amount: 3999 });
    expect((await subscriptionOf(portal.ctx, user, subscriptionId)).discount).toMatchObject({ promoCode: 'THREEMONTHS', type: 'percent', value: 20 });

    const renewals = await renew(user, subscriptionId, 3);
    expect(renewals.map((r) => [r.status, r.subtotal, r.discount, r.amount, r.promoCode])).toEqual([
      ['Complete', 4999, 1000, 3999, 'THREEMONTHS'],
      ['Complete', 4999, 1000, 3999, 'THREEMONTHS'],
      ['Complete', 4999, 0, 4999, null],
    ]);
    // Renewals carry the code's discount without redeeming it again.
    expect(await promoRedemptions(portal.ctx, 'THREEMONTHS')).toBe(1);
    expect((await subscriptionOf(portal.ctx, user, subscriptionId)).discount).toBeNull();
  });

  it('"forever": every renewal, an amount off never more than the price', async () => {
    await insertPromo(portal.ctx, { code: 'ALWAYS5', type: 'amount', value: 500, duration: 'forever' });
    const { user, subscriptionId } = await buyWith('ALWAYS5');
    const renewals = await renew(user, subscriptionId, 4);
    expect(renewals.map((r) => [r.discount, r.amount])).toEqual(Array.from({ length: 4 }, () => [500, 4499]));
    expect((await subscriptionOf(portal.ctx, user, subscriptionId)).discount).toEqual({ promoCode: 'ALWAYS5', type: 'amount', value: 500, endsAt: null });
  });

  it('"once", what every code made before keeps: the first payment only', async () => {
    await insertPromo(portal.ctx, { code: 'OLDCODE', type: 'percent', value: 50 });
    const [row] = await portal.ctx.database.sql.query<{ duration: string }>(`SELECT duration FROM promo_codes WHERE code = 'OLDCODE'`);
    expect(row!.duration).toBe('once');
    const { user, payment, subscriptionId } = await buyWith('OLDCODE');
    expect(payment.amount).toBe(2499);
    expect((await subscriptionOf(portal.ctx, user, subscriptionId)).discount).toBeNull();
    const renewals = await renew(user, subscriptionId, 1);
    expect(renewals.map((r) => [r.discount, r.amount, r.promoCode])).toEqual([[0, 4999, null]]);
  });

  it('shows the discount of a renewal on its receipt, the PDF and the e-mail', async () => {
    await insertPromo(portal.ctx, { code: 'RECEIPT10', type: 'amount', value: 1000, duration: 'forever' });
    const { user, subscriptionId } = await buyWith('RECEIPT10');
    const [renewal] = await renew(user, subscriptionId, 1);
    const pdf = await as(portal.ctx, user, 'GET', `/api/payments/${renewal!.id}/receipt`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const line of ['Discount (RECEIPT10)', '-$10.00', '$39.99']) expect(text).toContain(line);
    // The first payment's receipt says the same, with "New Subscription" where the renewal's says "Renewal".
    const mails = (await caughtFor(portal.ctx, user.email)).filter((m) => m.subject === 'Your receipt: $39.99 for Growth Plan');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text_body).toContain('Growth Plan (Renewal');
    for (const body of [mails[1]!.html, mails[1]!.text_body]) {
      expect(body).toContain('Discount (RECEIPT10)');
      expect(body).toContain('-$10.00');
    }
  });
});

describe('a limit per customer', () => {
  const LIMIT = { code: 'PROMO_CUSTOMER_LIMIT', message: 'You have already used this promo code as many times as it allows.' };

  it('refuses the code to a customer who used it up, and still gives it to others', async () => {
    await insertPromo(portal.ctx, { code: 'ONCEEACH', type: 'percent', value: 10, maxPerCustomer: 1 });
    const { user, card } = await buyWith('ONCEEACH');
    const other = await insertPlan(portal.ctx, { title: 'Other Plan' });
    const quote = await send(user, 'POST', '/api/promo-codes/validate', { promoCode: 'ONCEEACH', serviceId: other.id });
    expect(quote.json()).toMatchObject({ status: 'error', message: LIMIT.message });
    const again = await send(user, 'POST', '/api/checkout', { planId: other.id, cardId: card.id, promoCode: 'ONCEEACH', idempotencyKey: newKey() });
    expect([again.statusCode, again.json().error]).toEqual([409, LIMIT]);
    const someoneElse = await buyWith('ONCEEACH');
    expect(someoneElse.payment.discount).toBeGreaterThan(0);
  });

  it('holds when one customer sends 6 purchases with it at once, and the total limit holds across customers', async () => {
    const { ctx } = portal;
    await insertPromo(ctx, { code: 'RACE', type: 'percent', value: 100, maxPerCustomer: 1, maxRedemptions: 3, duration: 'forever' });
    const plans = await Promise.all(Array.from({ length: 6 }, (_, i) => insertPlan(ctx, { title: `Race Plan ${i}` })));
    const user = await signUp(ctx.app);
    const answers = await Promise.all(plans.map((plan) => send(user, 'POST', '/api/checkout', { planId: plan.id, promoCode: 'RACE', idempotencyKey: newKey() })));
    await portal.settle();
    expect(answers.filter((res) => res.statusCode === 202)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409).map((res) => res.json().error)).toEqual(Array.from({ length: 5 }, () => LIMIT));

    const others = await Promise.all(Array.from({ length: 8 }, () => signUp(ctx.app)));
    const more = await Promise.all(others.map((u) => send(u, 'POST', '/api/checkout', { planId: plans[0]!.id, promoCode: 'RACE', idempotencyKey: newKey() })));
    await portal.settle();
    expect(more.filter((res) => res.statusCode === 202)).toHaveLength(2);
    expect(await promoRedemptions(ctx, 'RACE')).toBe(3);
  });
});

describe('renewal sweeps on several instances', () => {
  it('charge a discounted renewal once', async () => {
    await insertPromo(portal.ctx, { code: 'TWOSWEEPS', type: 'percent', value: 50, duration: 'forever' });
    const { user, subscriptionId } = await buyWith('TWOSWEEPS');
    const { dueDate } = await subscriptionOf(portal.ctx, user, subscriptionId);
    time.advance(dueDate - time.now().getTime() + 1000);
    await Promise.all(portal.apps.map((app) => runRenewalSweep(app)));
    await portal.settle();
    expect((await renewalsOf(user)).map((r) => [r.status, r.amount])).toEqual([['Complete', 2499]]);
  });
});
