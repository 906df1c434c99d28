import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPendingSweep } from '../src/modules/billing/sweeps.ts';
import { insertPlan, insertPromo, manualClock, newKey, promoRedemptions, sandboxCharges, saveCard } from './billing-helpers.ts';
import { signUp, type TestUser } from './helpers.ts';
import { createInstances, type Instances } from './instances-helpers.ts';

// Three instances on one database, every request sent to the next one in turn: what a load balancer without
// stickiness does. On PostgreSQL (TEST_DATABASE_URL) their transactions really run at once.
const time = manualClock();
let portal: Instances;
beforeAll(async () => {
  portal = await createInstances(3, { clock: time.clock, env: { RENEWAL_SWEEP_INTERVAL_MS: '0' } });
});
afterAll(async () => portal.close());

let turn = 0;
const nextInstance = (): FastifyInstance => portal.apps[turn++ % portal.apps.length]!;
const send = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  nextInstance().inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
const subscriptionsOf = async (user: TestUser) => (await send(user, 'GET', '/api/subscriptions')).json().subscriptions as { id: string; serviceId: string; status: string }[];
const paymentsOf = async (user: TestUser) => (await send(user, 'GET', '/api/payments')).json().payments as { id: string; status: string; promoCode: string | null }[];

const EXHAUSTED = { code: 'PROMO_EXHAUSTED', message: 'This promo code has reached its redemption limit.' };
const PLAN_HELD = { code: 'PLAN_ALREADY_ACTIVE', message: 'You already have this plan. You can find it under My Subscription.' };

describe('a promo code limited to N redemptions', () => {
  it('gives exactly N when 15 customers check out with it at once', async () => {
    const plan = await insertPlan(portal.ctx);
    await insertPromo(portal.ctx, { code: 'FIRST3', type: 'percent', value: 100, maxRedemptions: 3 });
    const users = await Promise.all(Array.from({ length: 15 }, () => signUp(portal.ctx.app)));
    const answers = await Promise.all(users.map((user) => send(user, 'POST', '/api/checkout', { planId: plan.id, promoCode: 'first3', idempotencyKey: newKey() })));
    await portal.settle();

    const accepted = answers.filter((res) => res.statusCode === 202);
    const refused = answers.filter((res) => res.statusCode !== 202);
    expect(accepted).toHaveLength(3);
    expect(refused.map((res) => [res.statusCode, res.json().error])).toEqual(Array.from({ length: 12 }, () => [409, EXHAUSTED]));
    expect(await promoRedemptions(portal.ctx, 'FIRST3')).toBe(3);
    const subscribed = await Promise.all(users.map(subscriptionsOf));
    expect(subscribed.filter((subs) => subs.length === 1)).toHaveLength(3);
    // The code stays used up for the next customer, on any instance.
    const late = await signUp(portal.ctx.app);
    const validate = await send(late, 'POST', '/api/promo-codes/validate', { promoCode: 'FIRST3', serviceId: plan.id });
    expect(validate.json()).toMatchObject({ status: 'error', message: EXHAUSTED.message });
  });

  it('is held by a pending payment, and given back when that payment fails', async () => {
    const { ctx } = portal;
    const plan = await insertPlan(ctx);
    await insertPromo(ctx, { code: 'ONLYONE', type: 'percent', value: 50, maxRedemptions: 1 });
    const first = await signUp(ctx.app);
    const card = await saveCard(ctx, first);
    // The card was disabled at Square behind our back, and the process stops after Square's answer: the payment
    // stays Pending, holding the code's only redemption.
    const [row] = await ctx.database.sql.query<{ square_card_id: string }>(`SELECT square_card_id FROM cards WHERE id = $1`, [card.id]);
    await ctx.app.billing.gateway.disableCard(row!.square_card_id);
    ctx.app.billing.faults.afterCharge = () => {
      throw new Error('process stopped after the charge');
    };
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { cookie: first.cookie },
        payload: { planId: plan.id, cardId: card.id, promoCode: 'ONLYONE', idempotencyKey: newKey() },
      });
      expect(res.statusCode).toBe(202);
      await portal.settle();
    } finally {
      ctx.app.billing.faults.afterCharge = undefined;
    }
    expect((await paymentsOf(first))[0]!.status).toBe('Pending');

    const second = await signUp(ctx.app);
    const free = { planId: plan.id, promoCode: 'ONLYONE' };
    const held = await send(second, 'POST', '/api/checkout', { ...free, idempotencyKey: newKey() });
    expect([held.statusCode, held.json().error]).toEqual([409, EXHAUSTED]);

    // The pending sweep re-drives the payment: Square refuses it again, and the reservation is released.
    time.advance(2 * 60_000);
    expect((await runPendingSweep(nextInstance())).payments).toBe(1);
    expect((await paymentsOf(first))[0]!.status).toBe('Failed');
    expect(await promoRedemptions(ctx, 'ONLYONE')).toBe(0);

    const secondCard = await saveCard(ctx, second);
    const now = await send(second, 'POST', '/api/checkout', { ...free, cardId: secondCard.id, idempotencyKey: newKey() });
    expect(now.statusCode).toBe(202);
    await portal.settle();
    expect((await paymentsOf(second))[0]).toMatchObject({ status: 'Complete', promoCode: 'ONLYONE' });
    expect(await promoRedemptions(ctx, 'ONLYONE')).toBe(1);
  });
});

describe('one customer buying one plan', () => {
  it('five checkouts at once with five keys make one subscription and one charge', async () => {
    const user = await signUp(portal.ctx.app);
    const plan = await insertPlan(portal.ctx);
    const card = await saveCard(portal.ctx, user);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send(user, 'POST', '/api/checkout', { planId: plan.id, cardId: card.id, idempotencyKey: newKey() })),
    );
    await portal.settle();

    expect(answers.filter((res) => res.statusCode === 202)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode !== 202).map((res) => [res.statusCode, res.json().error])).toEqual(Array.from({ length: 4 }, () => [409, PLAN_HELD]));
    const payments = await paymentsOf(user);
    expect(payments.map((p) => p.status)).toEqual(['Complete']);
    expect(await sandboxCharges(portal.ctx, payments[0]!.id)).toBe(1);
    expect(await subscriptionsOf(user)).toHaveLength(1);
  });

  it('is refused while the plan is active, and allowed for another plan', async () => {
    const user = await signUp(portal.ctx.app);
    const plan = await insertPlan(portal.ctx);
    const other = await insertPlan(portal.ctx);
    const card = await saveCard(portal.ctx, user);
    const buy = (planId: string) => send(user, 'POST', '/api/checkout', { planId, cardId: card.id, idempotencyKey: newKey() });
    expect((await buy(plan.id)).statusCode).toBe(202);
    await portal.settle();
    const again = await buy(plan.id);
    expect([again.statusCode, again.json().error]).toEqual([409, PLAN_HELD]);
    expect((await buy(other.id)).statusCode).toBe(202);
    await portal.settle();
    expect((await subscriptionsOf(user)).map((s) => s.serviceId).sort()).toEqual([plan.id, other.id].sort());
  });

  it('a cancelled subscription cannot come back free beside a newer active one of the same plan', async () => {
    const user = await signUp(portal.ctx.app);
    const plan = await insertPlan(portal.ctx);
    const card = await saveCard(portal.ctx, user);
    const buy = () => send(user, 'POST', '/api/checkout', { planId: plan.id, cardId: card.id, idempotencyKey: newKey() });
    expect((await buy()).statusCode).toBe(202);
    await portal.settle();
    const [old] = await subscriptionsOf(user);
    expect((await send(user, 'POST', `/api/subscriptions/${old!.id}/cancel`)).statusCode).toBe(200);
    expect((await buy()).statusCode).toBe(202);
    await portal.settle();
    const back = await send(user, 'POST', `/api/subscriptions/${old!.id}/reactivate`);
    expect([back.statusCode, back.json().error]).toEqual([409, PLAN_HELD]);
    expect((await subscriptionsOf(user)).filter((s) => s.status === 'ACTIVE')).toHaveLength(1);
  });
});

describe('one attempt sent to every instance at once', () => {
  it('makes one payment and one charge, and every answer names it', async () => {
    const user = await signUp(portal.ctx.app);
    const plan = await insertPlan(portal.ctx);
    const card = await saveCard(portal.ctx, user);
    const body = { planId: plan.id, cardId: card.id, idempotencyKey: newKey() };
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(user, 'POST', '/api/checkout', body)));
    await portal.settle();
    expect(answers.every((res) => res.statusCode === 200 || res.statusCode === 202)).toBe(true);
    expect(new Set(answers.map((res) => res.json().id)).size).toBe(1);
    expect(await paymentsOf(user)).toHaveLength(1);
    expect(await sandboxCharges(portal.ctx, answers[0]!.json().id)).toBe(1);
    expect(await subscriptionsOf(user)).toHaveLength(1);
  });
});
