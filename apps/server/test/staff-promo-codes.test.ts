import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, checkout, createBillingApp, insertPlan, saveCard, type ManualClock } from './billing-helpers.ts';
import { signUp, type TestContext, type TestUser } from './helpers.ts';
import { signUpStaff, waitFor } from './staff-helpers.ts';

let ctx: TestContext;
let time: ManualClock;
let staff: TestUser;
let customer: TestUser;
beforeAll(async () => {
  ({ ctx, time } = await createBillingApp());
  staff = await signUpStaff(ctx);
  customer = await signUp(ctx.app);
});
afterAll(async () => ctx.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  type: 'percent',
  value: 25,
  active: true,
  expiresAt: null,
  serviceIds: null,
  maxRedemptions: null,
  duration: 'once',
  durationMonths: null,
  maxPerCustomer: null,
  ...overrides,
});
const listed = async (code: string) =>
  ((await as(ctx, staff, 'GET', '/api/staff/promo-codes')).json().promoCodes as Array<Record<string, unknown>>).find((p) => p.code === code);
const audits = async (entityId: string) =>
  (
    await ctx.database.sql.query<{ action: string; actor_id: string; before: unknown; after: unknown }>(
      'SELECT action, actor_id, before, after FROM audit_log WHERE entity_type = $1 AND entity_id = $2 ORDER BY action',
      ['promo_code', entityId],
    )
  ).map((r) => ({ action: r.action, actorId: r.actor_id, before: r.before !== null, after: r.after !== null }));
const quote = (user: TestUser, promoCode: string, serviceId: string) =>
  as(ctx, user, 'POST', '/api/promo-codes/validate', { promoCode, serviceId });

describe('promo codes editor', () => {
  it('creates a code upper-case, edits it, retires it and deletes an unused one; checkout follows each write; each is audited', async () => {
    const plan = await insertPlan(ctx, { amount: 4000, price: '40.00' });
    const seen: Array<{ topic: string; audience: unknown }> = [];
    const stop = ctx.app.changeFeed.subscribe((change) => seen.push(change));
    const created = await as(ctx, staff, 'POST', '/api/staff/promo-codes', { code: ' spring-10 ', ...body({ type: 'amount', value: 1000 }) });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ code: 'SPRING-10', ...body({ type: 'amount', value: 1000 }), redemptions: 0, deletable: true });
    expect((await quote(customer, 'spring-10', plan.id)).json()).toMatchObject({ status: 'success', finalAmount: 3000 });
    // Open checkouts and staff consoles refetch: the public `plans` topic.
    await waitFor(() => seen.some((c) => c.topic === 'plans'));
    stop();
    expect(seen).toContainEqual({ topic: 'plans', audience: { public: true } });

    const expiresAt = time.clock().getTime() + 86_400_000;
    const edited = await as(ctx, staff, 'PUT', '/api/staff/promo-codes/spring-10', body({ value: 50, expiresAt, serviceIds: [plan.id, plan.id], maxRedemptions: 3 }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ code: 'SPRING-10', type: 'percent', value: 50, expiresAt, serviceIds: [plan.id], maxRedemptions: 3 });
    expect((await quote(customer, 'SPRING-10', plan.id)).json()).toMatchObject({ status: 'success', finalAmount: 2000 });
    const other = await insertPlan(ctx);
    expect((await quote(customer, 'SPRING-10', other.id)).json()).toMatchObject({ status: 'error', message: 'This promo code is not valid for this plan.' });

    const retired = await as(ctx, staff, 'PUT', '/api/staff/promo-codes/SPRING-10', body({ active: false }));
    expect(retired.json()).toMatchObject({ active: false, deletable: true });
    expect((await quote(customer, 'SPRING-10', plan.id)).json()).toMatchObject({ status: 'error', message: 'Invalid promo code.' });

    expect((await as(ctx, staff, 'DELETE', '/api/staff/promo-codes/spring-10')).statusCode).toBe(204);
    expect(await listed('SPRING-10')).toBeUndefined();
    expect(await audits('SPRING-10')).toEqual([
      { action: 'promo.create', actorId: staff.id, before: false, after: true },
      { action: 'promo.delete', actorId: staff.id, before: true, after: false },
      { action: 'promo.update', actorId: staff.id, before: true, after: true },
      { action: 'promo.update', actorId: staff.id, before: true, after: true },
    ]);
  });

  it('keeps to its limit: one redemption allowed, the second customer is refused, and the used code can be retired but not deleted', async () => {
    const plan = await insertPlan(ctx);
    expect((await as(ctx, staff, 'POST', '/api/staff/promo-codes', { code: 'ONCE', ...body({ maxRedemptions: 1 }) })).statusCode).toBe(201);

    const first = await signUp(ctx.app);
    const card = await saveCard(ctx, first);
    const seen: Array<{ topic: string; audience: unknown }> = [];
    const stop = ctx.app.changeFeed.subscribe((change) => seen.push(change));
    const paid = await checkout(ctx, first, { planId: plan.id, cardId: card.id, promoCode: 'once' });
    await waitFor(() => seen.some((c) => c.topic === 'plans'));
    stop();
    // The redemption moves the count on staff consoles only.
    expect(seen).toContainEqual({ topic: 'plans', audience: { staff: true } });
    expect(paid).toMatchObject({ status: 'Complete', promoCode: 'ONCE', amount: 3749 });
    expect(await listed('ONCE')).toMatchObject({ redemptions: 1, maxRedemptions: 1, deletable: false });

    const second = await signUp(ctx.app);
    expect((await quote(second, 'ONCE', plan.id)).json()).toMatchObject({ status: 'error', message: 'This promo code has reached its redemption limit.' });
    const refused = await as(ctx, second, 'POST', '/api/checkout', { planId: plan.id, cardId: (await saveCard(ctx, second)).id, promoCode: 'ONCE', idempotencyKey: 'second-once-1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'PROMO_EXHAUSTED', message: 'This promo code has reached its redemption limit.' });

    // Raising the limit lets the next customer in; the redemption already counted stays.
    const raised = await as(ctx, staff, 'PUT', '/api/staff/promo-codes/ONCE', body({ maxRedemptions: 2 }));
    expect(raised.json()).toMatchObject({ redemptions: 1, maxRedemptions: 2 });
    expect((await quote(second, 'ONCE', plan.id)).json()).toMatchObject({ status: 'success' });

    const deleted = await as(ctx, staff, 'DELETE', '/api/staff/promo-codes/ONCE');
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.code).toBe('PROMO_CODE_USED');
    expect((await as(ctx, staff, 'PUT', '/api/staff/promo-codes/ONCE', body({ active: false, maxRedemptions: 2 }))).json()).toMatchObject({ active: false, redemptions: 1 });
    expect(await audits('ONCE')).toHaveLength(3);
  });

  it('keeps how long a code lasts and its limit per customer; a request without them makes a code for the first payment', async () => {
    const created = await as(ctx, staff, 'POST', '/api/staff/promo-codes', { code: 'QUARTER', ...body({ duration: 'months', durationMonths: 3, maxRedemptions: 100, maxPerCustomer: 1 }) });
    expect(created.statusCode).toBe(201);
    expect(await listed('QUARTER')).toMatchObject({ duration: 'months', durationMonths: 3, maxRedemptions: 100, maxPerCustomer: 1 });
    const forever = await as(ctx, staff, 'PUT', '/api/staff/promo-codes/QUARTER', body({ duration: 'forever', maxRedemptions: 100, maxPerCustomer: 2 }));
    expect(forever.json()).toMatchObject({ duration: 'forever', durationMonths: null, maxPerCustomer: 2 });
    const { duration: _d, durationMonths: _m, maxPerCustomer: _p, ...older } = body();
    expect((await as(ctx, staff, 'POST', '/api/staff/promo-codes', { code: 'OLDSTYLE', ...older })).json()).toMatchObject({ duration: 'once', durationMonths: null, maxPerCustomer: null });
  });

  it('refuses bad input with stable codes and writes nothing', async () => {
    const refusals: Array<[unknown, number, string]> = [
      [{ code: 'A', ...body() }, 400, 'VALIDATION_ERROR'],
      [{ code: 'NO SPACES', ...body() }, 400, 'VALIDATION_ERROR'],
      [{ code: 'PCT', ...body({ value: 101 }) }, 400, 'VALIDATION_ERROR'],
      [{ code: 'ZERO', ...body({ value: 0 }) }, 400, 'VALIDATION_ERROR'],
      [{ code: 'HALFCENT', ...body({ type: 'amount', value: 2.5 }) }, 400, 'VALIDATION_ERROR'],
      [{ code: 'KIND', ...body({ type: 'free' }) }, 400, 'VALIDATION_ERROR'],
      [{ code: 'LIMIT', ...body({ maxRedemptions: 0 }) }, 400, 'VALIDATION_ERROR'],
      [{ code: 'NOPLANS', ...body({ serviceIds: [] }) }, 400, 'VALIDATION_ERROR'],
      [{ code: 'GHOST', ...body({ serviceIds: ['no-such-plan'] }) }, 400, 'PROMO_UNKNOWN_PLAN'],
      [{ code: 'NOMONTHS', ...body({ duration: 'months' }) }, 400, 'VALIDATION_ERROR'],
      [{ code: 'MONTHSONCE', ...body({ durationMonths: 3 }) }, 400, 'VALIDATION_ERROR'],
      [{ code: 'LONG', ...body({ duration: 'months', durationMonths: 37 }) }, 400, 'VALIDATION_ERROR'],
      [{ code: 'EACH', ...body({ maxRedemptions: 5, maxPerCustomer: 6 }) }, 400, 'PROMO_PER_CUSTOMER_ABOVE_TOTAL'],
    ];
    for (const [payload, status, code] of refusals) {
      const res = await as(ctx, staff, 'POST', '/api/staff/promo-codes', payload);
      expect([res.statusCode, res.json().error.code], JSON.stringify(payload)).toEqual([status, code]);
    }
    const pct = await as(ctx, staff, 'POST', '/api/staff/promo-codes', { code: 'PCT', ...body({ value: 101 }) });
    expect(pct.json().error.message).toBe('value: a percent code takes at most 100');
    const months = await as(ctx, staff, 'POST', '/api/staff/promo-codes', { code: 'NOMONTHS', ...body({ duration: 'months' }) });
    expect(months.json().error.message).toBe('durationMonths: a code that lasts some months needs the number of months');
    const each = await as(ctx, staff, 'POST', '/api/staff/promo-codes', { code: 'EACH', ...body({ maxRedemptions: 5, maxPerCustomer: 6 }) });
    expect(each.json().error.message).toBe(
      'A customer cannot use it more often than it can be used in all (5): enter at most that, or leave the limit per customer empty.',
    );
    const written = await ctx.database.sql.query(
      `SELECT code FROM promo_codes WHERE code IN ('A', 'PCT', 'ZERO', 'HALFCENT', 'KIND', 'LIMIT', 'NOPLANS', 'GHOST', 'NOMONTHS', 'MONTHSONCE', 'LONG', 'EACH')`,
    );
    expect(written).toEqual([]);

    expect((await as(ctx, staff, 'POST', '/api/staff/promo-codes', { code: 'TWICE', ...body() })).statusCode).toBe(201);
    const again = await as(ctx, staff, 'POST', '/api/staff/promo-codes', { code: 'twice', ...body({ value: 90 }) });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'PROMO_CODE_TAKEN']);
    expect(await listed('TWICE')).toMatchObject({ value: 25 });
    expect((await as(ctx, staff, 'PUT', '/api/staff/promo-codes/NOPE', body())).statusCode).toBe(404);
    expect((await as(ctx, staff, 'DELETE', '/api/staff/promo-codes/NOPE')).statusCode).toBe(404);
  });

  it('refuses an amount off above the price of a plan it applies to, and an expiry already past, each saying what to do', async () => {
    const plan = await insertPlan(ctx, { title: 'Small Plan', amount: 3000, price: '30.00' });
    const tooMuch = await as(ctx, staff, 'POST', '/api/staff/promo-codes', { code: 'TOOMUCH', ...body({ type: 'amount', value: 3001, serviceIds: [plan.id] }) });
    expect([tooMuch.statusCode, tooMuch.json().error]).toEqual([
      400,
      { code: 'PROMO_MORE_THAN_PRICE', message: '$30.01 off is more than Small Plan costs ($30.00): enter at most $30.00, or leave that plan out.' },
    ]);
    expect(await listed('TOOMUCH')).toBeUndefined();
    expect((await as(ctx, staff, 'POST', '/api/staff/promo-codes', { code: 'ALLOFF', ...body({ type: 'amount', value: 3000, serviceIds: [plan.id] }) })).statusCode).toBe(201);
    const raised = await as(ctx, staff, 'PUT', '/api/staff/promo-codes/ALLOFF', body({ type: 'amount', value: 5000, serviceIds: [plan.id] }));
    expect(raised.json().error.code).toBe('PROMO_MORE_THAN_PRICE');
    expect(await listed('ALLOFF')).toMatchObject({ value: 3000 });

    const now = time.clock().getTime();
    const past = await as(ctx, staff, 'POST', '/api/staff/promo-codes', { code: 'BYGONE', ...body({ expiresAt: now - 60_000 }) });
    expect([past.statusCode, past.json().error]).toEqual([
      400,
      { code: 'PROMO_EXPIRY_PASSED', message: 'That expiry date has already passed: choose a later one, or leave it empty for no expiry.' },
    ]);
    expect(await listed('BYGONE')).toBeUndefined();
    // A code that has expired since keeps its date while other fields are edited, but is not given another past one.
    expect((await as(ctx, staff, 'POST', '/api/staff/promo-codes', { code: 'LAPSED', ...body({ expiresAt: now + 60_000 }) })).statusCode).toBe(201);
    await ctx.database.sql.query(`UPDATE promo_codes SET expires_at = $1 WHERE code = 'LAPSED'`, [new Date(now - 3_600_000)]);
    const kept = await as(ctx, staff, 'PUT', '/api/staff/promo-codes/LAPSED', body({ value: 30, expiresAt: now - 3_600_000 }));
    expect([kept.statusCode, kept.json().value]).toEqual([200, 30]);
    const moved = await as(ctx, staff, 'PUT', '/api/staff/promo-codes/LAPSED', body({ expiresAt: now - 60_000 }));
    expect(moved.json().error.code).toBe('PROMO_EXPIRY_PASSED');
  });

  it('is staff only: a customer gets 403, a signed-out caller 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/staff/promo-codes'],
      ['POST', '/api/staff/promo-codes'],
      ['PUT', '/api/staff/promo-codes/TWICE'],
      ['DELETE', '/api/staff/promo-codes/TWICE'],
    ] as const) {
      const payload = method === 'POST' ? { code: 'SNEAKY', ...body() } : method === 'PUT' ? body({ value: 100 }) : undefined;
      expect((await as(ctx, customer, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await listed('SNEAKY')).toBeUndefined();
    expect(await listed('TWICE')).toMatchObject({ value: 25 });
  });
});
