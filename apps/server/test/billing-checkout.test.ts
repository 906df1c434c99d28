import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPendingSweep } from '../src/modules/billing/sweeps.ts';
import {
  as,
  checkout,
  createBillingApp,
  insertPlan,
  insertPromo,
  newKey,
  promoRedemptions,
  sandboxCharges,
  saveCard,
  type ManualClock,
} from './billing-helpers.ts';
import { signUp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let time: ManualClock;
beforeAll(async () => {
  ({ ctx, time } = await createBillingApp());
  await ctx.database.sql.query(
    `INSERT INTO completion_step_templates (id, step_index, step_details) VALUES ('t2', 2, 'Upload your logo'), ('t1', 1, 'Connect your payments')`,
  );
});
afterAll(async () => ctx.close());

const sandboxAmount = async (paymentId: string) =>
  (await ctx.database.sql.query<{ amount: string }>(`SELECT body->'amount_money'->>'amount' AS amount FROM square_sandbox_payments WHERE reference_id = $1`, [paymentId]))[0]?.amount;

describe('client ids', () => {
  it('GET /api/payments/config gives the local sandbox ids to signed-in users only', async () => {
    expect((await ctx.app.inject({ url: '/api/payments/config' })).statusCode).toBe(401);
    const user = await signUp(ctx.app);
    const res = await as(ctx, user, 'GET', '/api/payments/config');
    expect(res.json()).toEqual({
      environment: 'local',
      applicationId: 'sandbox-sq0idb-local-portal-sandbox',
      locationId: 'LLOCALSANDBOX01',
      sdkUrl: null,
      tokenizeUrl: '/square-sandbox/v2/card-nonce',
    });
  });
});

describe('promo codes', () => {
  it.each([
    [{ code: 'SAVE20', type: 'percent', value: 20 } as const, ' save20 ', { status: 'success', message: 'Promo code applied!', promoCode: 'SAVE20', finalAmount: 3999 }],
    [{ code: 'TENOFF', type: 'amount', value: 1000 } as const, 'TENOFF', { status: 'success', message: 'Promo code applied!', promoCode: 'TENOFF', finalAmount: 3999 }],
    [{ code: 'HUGE', type: 'amount', value: 99999 } as const, 'huge', { status: 'success', message: 'Promo code applied!', promoCode: 'HUGE', finalAmount: 0 }],
    [{ code: 'OFF', type: 'percent', value: 10, active: false } as const, 'OFF', { status: 'error', message: 'Invalid promo code.', promoCode: 'OFF', finalAmount: 4999 }],
    [{ code: 'OLD', type: 'percent', value: 10, expiresAt: new Date('2026-01-01') } as const, 'OLD', { status: 'error', message: 'This promo code has expired.', promoCode: 'OLD', finalAmount: 4999 }],
    [{ code: 'OTHERPLAN', type: 'percent', value: 10, serviceIds: ['other'] } as const, 'OTHERPLAN', { status: 'error', message: 'This promo code is not valid for this plan.', promoCode: 'OTHERPLAN', finalAmount: 4999 }],
    [{ code: 'USEDUP', type: 'percent', value: 10, maxRedemptions: 2, redemptions: 2 } as const, 'USEDUP', { status: 'error', message: 'This promo code has reached its redemption limit.', promoCode: 'USEDUP', finalAmount: 4999 }],
  ])('%o entered as %j answers %o', async (promo, entered, expected) => {
    const plan = await insertPlan(ctx);
    await insertPromo(ctx, { ...promo, code: `${promo.code}` });
    const user = await signUp(ctx.app);
    const res = await as(ctx, user, 'POST', '/api/promo-codes/validate', { promoCode: entered, serviceId: plan.id, serviceAmount: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expected);
    await ctx.database.sql.query(`DELETE FROM promo_codes WHERE code = $1`, [promo.code]);
  });

  it('answers unknown codes and unknown plans', async () => {
    const plan = await insertPlan(ctx);
    const user = await signUp(ctx.app);
    expect((await as(ctx, user, 'POST', '/api/promo-codes/validate', { promoCode: 'NOPE', serviceId: plan.id })).json()).toMatchObject({
      status: 'error',
      message: 'Invalid promo code.',
    });
    const res = await as(ctx, user, 'POST', '/api/promo-codes/validate', { promoCode: 'NOPE', serviceId: 'missing' });
    expect(res.statusCode).toBe(404);
  });
});

describe('checkout of a new subscription', () => {
  it('creates a Pending payment, charges the card, then completes it with a new subscription and its steps', async () => {
    const user = await signUp(ctx.app);
    const plan = await insertPlan(ctx, { title: 'Starter', price: '29.00', amount: 2900 });
    const card = await saveCard(ctx, user);
    const res = await as(ctx, user, 'POST', '/api/checkout', { planId: plan.id, cardId: card.id, idempotencyKey: newKey(), amount: 1 });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'Pending', purchaseType: 'New Subscription', subtotal: 2900, discount: 0, amount: 2900, subscriptionId: null });
    await ctx.app.billing.settle();
    const payment = (await as(ctx, user, 'GET', `/api/payments/${res.json().id}`)).json();
    expect(payment).toMatchObject({ status: 'Complete', serviceTitle: 'Starter', cardBrand: 'VISA', cardLast4: '1111', paymentType: 'Card', failureReason: null });
    expect(await sandboxAmount(payment.id)).toBe('2900');
    const sub = (await as(ctx, user, 'GET', `/api/subscriptions/${payment.subscriptionId}`)).json();
    expect(sub).toMatchObject({ status: 'ACTIVE', serviceId: plan.id, serviceTitle: 'Starter', price: '29.00', amount: 2900, recurring: 'month', cardLast4: '1111', reactivation: null });
    expect(sub.startDate).toBe(time.now().getTime());
    const oneMonthLater = new Date(sub.startDate);
    oneMonthLater.setUTCMonth(oneMonthLater.getUTCMonth() + 1);
    expect(sub.dueDate).toBe(oneMonthLater.getTime());
    const steps = await ctx.database.sql.query(`SELECT step_index, step_details, step_status, user_id FROM completion_steps WHERE subscription_id = $1 ORDER BY step_index`, [sub.id]);
    expect(steps).toEqual([
      { step_index: 1, step_details: 'Connect your payments', step_status: 'pending', user_id: user.id },
      { step_index: 2, step_details: 'Upload your logo', step_status: 'pending', user_id: user.id },
    ]);
    expect((await as(ctx, user, 'GET', '/api/me')).json().landing).toBe('/dashboard');
  });

  it('applies a promo code: the server prices it, and counts the redemption once the payment completes', async () => {
    const user = await signUp(ctx.app);
    const plan = await insertPlan(ctx);
    await insertPromo(ctx, { code: 'HALF', type: 'percent', value: 50 });
    const card = await saveCard(ctx, user);
    const payment = await checkout(ctx, user, { planId: plan.id, cardId: card.id, promoCode: ' half ' });
    expect(payment).toMatchObject({
      status: 'Complete',
      subtotal: 4999,
      // Half of 49.99 is 24.995: the discount rounds to the nearest cent, the half cent in the customer's favour.
      discount: 2500,
      amount: 2499,
      promoCode: 'HALF',
      appliedDeal: { status: 'success', message: 'Promo code applied!', promoCode: 'HALF', finalAmount: 2499 },
    });
    expect(await sandboxAmount(payment.id)).toBe('2499');
    expect(await promoRedemptions(ctx, 'HALF')).toBe(1);
    // The subscription renews at the plan's price, not the first payment's.
    expect((await as(ctx, user, 'GET', `/api/subscriptions/${payment.subscriptionId}`)).json().amount).toBe(4999);
  });

  it('a 100%-off code completes with no charge, even without a card', async () => {
    const user = await signUp(ctx.app);
    const plan = await insertPlan(ctx);
    await insertPromo(ctx, { code: 'FREE100', type: 'percent', value: 100 });
    const payment = await checkout(ctx, user, { planId: plan.id, promoCode: 'FREE100' });
    expect(payment).toMatchObject({ status: 'Complete', amount: 0, discount: 4999, cardLast4: null });
    expect(await sandboxCharges(ctx, payment.id)).toBe(0);
    expect(await promoRedemptions(ctx, 'FREE100')).toBe(1);
  });

  it('refuses a refused promo code with its message, and a paid checkout without a usable card', async () => {
    const user = await signUp(ctx.app);
    const plan = await insertPlan(ctx);
    const promo = await as(ctx, user, 'POST', '/api/checkout', { planId: plan.id, promoCode: 'NOSUCH', idempotencyKey: newKey() });
    expect(promo.statusCode).toBe(400);
    expect(promo.json().error).toEqual({ code: 'PROMO_INVALID', message: 'Invalid promo code.' });
    const noCard = await as(ctx, user, 'POST', '/api/checkout', { planId: plan.id, idempotencyKey: newKey() });
    expect(noCard.json().error.code).toBe('CARD_REQUIRED');
    const declined = await saveCard(ctx, user, { number: '4000000000000002' });
    expect(declined.status).toBe('Error');
  });

  it('a card refused at checkout records a Failed payment with its reason in the history, charges nothing and reserves no promo', async () => {
    const user = await signUp(ctx.app);
    const plan = await insertPlan(ctx);
    await insertPromo(ctx, { code: 'FAILEDTRY', type: 'percent', value: 10, maxRedemptions: 1 });
    const declined = await saveCard(ctx, user, { number: '4000000000000002' });
    const key = newKey();
    const res = await as(ctx, user, 'POST', '/api/checkout', { planId: plan.id, cardId: declined.id, promoCode: 'FAILEDTRY', idempotencyKey: key });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'Failed', failureReason: 'Your card was declined. Please try another card.', subscriptionId: null, receiptNumber: null });
    await ctx.app.billing.settle();
    expect(await sandboxCharges(ctx, res.json().id)).toBe(0);
    expect(await promoRedemptions(ctx, 'FAILEDTRY')).toBe(0);
    const { payments } = (await as(ctx, user, 'GET', '/api/payments')).json();
    expect(payments).toEqual([expect.objectContaining({ id: res.json().id, status: 'Failed', serviceId: plan.id, failureReason: 'Your card was declined. Please try another card.' })]);
    // The same attempt again answers the same payment.
    const again = await as(ctx, user, 'POST', '/api/checkout', { planId: plan.id, cardId: declined.id, promoCode: 'FAILEDTRY', idempotencyKey: key });
    expect(again.json().id).toBe(res.json().id);
    expect((await as(ctx, user, 'GET', '/api/subscriptions')).json().subscriptions).toEqual([]);
  });

  it('refuses unknown and hidden plans, and malformed requests', async () => {
    const user = await signUp(ctx.app);
    const card = await saveCard(ctx, user);
    const hidden = await insertPlan(ctx, { visibility: 'hidden' });
    for (const planId of ['missing', hidden.id]) {
      const res = await as(ctx, user, 'POST', '/api/checkout', { planId, cardId: card.id, idempotencyKey: newKey() });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Plan not found.');
    }
    const badKey = await as(ctx, user, 'POST', '/api/checkout', { planId: hidden.id, idempotencyKey: 'x' });
    expect(badKey.statusCode).toBe(400);
    const noSub = await as(ctx, user, 'POST', '/api/checkout', { planId: hidden.id, mode: 'REACTIVATE_SUBSCRIPTION', idempotencyKey: newKey() });
    expect(noSub.statusCode).toBe(400);
  });

  it('a charge Square refuses marks the payment Failed with the reason, with no subscription and no redemption', async () => {
    const user = await signUp(ctx.app);
    const plan = await insertPlan(ctx);
    await insertPromo(ctx, { code: 'TEN', type: 'percent', value: 10 });
    const card = await saveCard(ctx, user);
    // The card was disabled at Square behind our back: the charge is refused.
    const [row] = await ctx.database.sql.query<{ square_card_id: string }>(`SELECT square_card_id FROM cards WHERE id = $1`, [card.id]);
    await ctx.app.billing.gateway.disableCard(row!.square_card_id);
    const payment = await checkout(ctx, user, { planId: plan.id, cardId: card.id, promoCode: 'TEN' });
    expect(payment).toMatchObject({ status: 'Failed', failureReason: 'This card can no longer be charged. Please use another card.', subscriptionId: null });
    expect((await as(ctx, user, 'GET', '/api/subscriptions')).json().subscriptions).toEqual([]);
    expect(await promoRedemptions(ctx, 'TEN')).toBe(0);
  });
});

describe('live updates', () => {
  it('publishes the payment, its subscription and the card to their owner only', async () => {
    const user = await signUp(ctx.app);
    const plan = await insertPlan(ctx);
    const seen: Array<{ topic: string; audience: unknown }> = [];
    const stop = ctx.app.changeFeed.subscribe((change) => seen.push(change));
    try {
      const card = await saveCard(ctx, user);
      const payment = await checkout(ctx, user, { planId: plan.id, cardId: card.id });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const topics = seen.filter((c) => JSON.stringify(c.audience) === JSON.stringify({ userId: user.id })).map((c) => c.topic);
      expect(topics).toEqual(
        expect.arrayContaining([`cards:${card.id}`, `payments:${payment.id}`, `subscriptions:${payment.subscriptionId}`]),
      );
      // Pending, then Complete.
      expect(topics.filter((t) => t === `payments:${payment.id}`)).toHaveLength(2);
    } finally {
      stop();
    }
  });
});

describe('usable cards', () => {
  it('a Complete card still holding a card token (cnon:) is not usable', async () => {
    const user = await signUp(ctx.app);
    const plan = await insertPlan(ctx);
    const card = await saveCard(ctx, user);
    await ctx.database.sql.query(`UPDATE cards SET square_card_id = 'cnon:card-nonce-ok' WHERE id = $1`, [card.id]);
    expect((await as(ctx, user, 'GET', `/api/cards/${card.id}`)).json()).toMatchObject({ status: 'Complete', usable: false });
    const res = await as(ctx, user, 'POST', '/api/checkout', { planId: plan.id, cardId: card.id, idempotencyKey: newKey() });
    expect(res.json().error.code).toBe('CARD_NOT_USABLE');
  });
});

describe('idempotency', () => {
  it('the same key, sent again or at once, makes one payment and one charge', async () => {
    const user = await signUp(ctx.app);
    const plan = await insertPlan(ctx);
    const card = await saveCard(ctx, user);
    const body = { planId: plan.id, cardId: card.id, idempotencyKey: newKey() };
    const [a, b] = await Promise.all([as(ctx, user, 'POST', '/api/checkout', body), as(ctx, user, 'POST', '/api/checkout', body)]);
    await ctx.app.billing.settle();
    const again = await as(ctx, user, 'POST', '/api/checkout', body);
    // Every answer is the first one: 202 and the payment as created, however far it has got since.
    expect([a.statusCode, b.statusCode, again.statusCode]).toEqual([202, 202, 202]);
    expect(b.json()).toEqual(a.json());
    expect(again.json()).toEqual(a.json());
    expect(again.json().status).toBe('Pending');
    expect((await as(ctx, user, 'GET', `/api/payments/${a.json().id}`)).json().status).toBe('Complete');
    expect((await as(ctx, user, 'GET', '/api/payments')).json().payments).toHaveLength(1);
    expect(await sandboxCharges(ctx, a.json().id)).toBe(1);
    expect((await as(ctx, user, 'GET', '/api/subscriptions')).json().subscriptions).toHaveLength(1);
  });

  it('the same key with other details is refused', async () => {
    const user = await signUp(ctx.app);
    const plan = await insertPlan(ctx);
    const other = await insertPlan(ctx);
    const card = await saveCard(ctx, user);
    const key = newKey();
    await as(ctx, user, 'POST', '/api/checkout', { planId: plan.id, cardId: card.id, idempotencyKey: key });
    const res = await as(ctx, user, 'POST', '/api/checkout', { planId: other.id, cardId: card.id, idempotencyKey: key });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    await ctx.app.billing.settle();
  });
});

describe('crash between charge and commit', () => {
  it('the pending sweep re-drives the payment with the same key: exactly one charge', async () => {
    const user = await signUp(ctx.app);
    const plan = await insertPlan(ctx);
    const card = await saveCard(ctx, user);
    ctx.app.billing.faults.afterCharge = () => {
      throw new Error('process stopped after the charge');
    };
    let paymentId: string;
    try {
      const res = await as(ctx, user, 'POST', '/api/checkout', { planId: plan.id, cardId: card.id, idempotencyKey: newKey() });
      paymentId = res.json().id;
      await ctx.app.billing.settle();
    } finally {
      ctx.app.billing.faults.afterCharge = undefined;
    }
    expect((await as(ctx, user, 'GET', `/api/payments/${paymentId}`)).json().status).toBe('Pending');
    expect(await sandboxCharges(ctx, paymentId)).toBe(1);
    // Too early: the lease of the stopped worker has not expired yet.
    expect((await runPendingSweep(ctx.app)).payments).toBe(0);
    time.advance(2 * 60_000);
    expect((await runPendingSweep(ctx.app)).payments).toBe(1);
    const payment = (await as(ctx, user, 'GET', `/api/payments/${paymentId}`)).json();
    expect(payment.status).toBe('Complete');
    expect(await sandboxCharges(ctx, paymentId)).toBe(1);
    expect((await as(ctx, user, 'GET', '/api/subscriptions')).json().subscriptions).toHaveLength(1);
    expect((await runPendingSweep(ctx.app)).payments).toBe(0);
  });
});

describe("another user's payments", () => {
  it('answer 404, and lists hold only the user’s own, newest first', async () => {
    const owner = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const plan = await insertPlan(ctx);
    const another = await insertPlan(ctx);
    const card = await saveCard(ctx, owner);
    const first = await checkout(ctx, owner, { planId: plan.id, cardId: card.id });
    time.advance(1000);
    const second = await checkout(ctx, owner, { planId: another.id, cardId: card.id });
    expect((await as(ctx, other, 'GET', `/api/payments/${first.id}`)).statusCode).toBe(404);
    expect((await as(ctx, other, 'GET', '/api/payments')).json().payments).toEqual([]);
    const list = (await as(ctx, owner, 'GET', '/api/payments')).json().payments;
    expect(list.map((p: { id: string }) => p.id)).toEqual([second.id, first.id]);
    // Paying with someone else's card is as if the card did not exist.
    const res = await as(ctx, other, 'POST', '/api/checkout', { planId: plan.id, cardId: card.id, idempotencyKey: newKey() });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Card not found.');
  });
});
