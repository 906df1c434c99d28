import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createBillingApp, subscribedUser } from './billing-helpers.ts';
import type { TestContext, TestUser } from './helpers.ts';
import { signUpStaff } from './staff-helpers.ts';

let ctx: TestContext;
let staff: TestUser;
beforeAll(async () => {
  ({ ctx } = await createBillingApp());
  staff = await signUpStaff(ctx);
});
afterAll(async () => ctx.close());

const body = (overrides: Record<string, unknown> = {}) => ({ title: 'Starter', amount: 4999, recurring: 'month', description: 'For a first app', visible: true, ...overrides });
const staffPlans = async () => (await as(ctx, staff, 'GET', '/api/staff/plans')).json().plans as Array<{ id: string; title: string; visible: boolean; subscriptionCount: number }>;
const pricing = async () => ((await ctx.app.inject({ method: 'GET', url: '/api/plans' })).json().plans as Array<{ id: string; price: string }>);
const audited = async (action: string, id: string) =>
  (await ctx.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND entity_id = $2', [action, id]))[0]!.n;

describe('plans editor', () => {
  it('creates a plan last with its price from the cents, edits, hides, orders and deletes it, each audited', async () => {
    expect((await as(ctx, staff, 'POST', '/api/staff/plans', body({ title: 'First' }))).statusCode).toBe(201);
    const created = await as(ctx, staff, 'POST', '/api/staff/plans', body({ title: `Plan ${Date.now()}` }));
    expect(created.statusCode).toBe(201);
    const plan = created.json();
    expect(plan).toMatchObject({ amount: 4999, price: '49.99', visible: true, subscriptionCount: 0 });
    expect((await pricing()).at(-1)).toMatchObject({ id: plan.id, price: '49.99' });
    expect(await audited('plan.create', plan.id)).toBe(1);

    const up = await as(ctx, staff, 'POST', `/api/staff/plans/${plan.id}/move`, { direction: 'up' });
    const order = (up.json().plans as Array<{ id: string }>).map((p) => p.id);
    expect(order.indexOf(plan.id)).toBe(order.length - 2);
    expect((await pricing()).map((p) => p.id).indexOf(plan.id)).toBe((await pricing()).length - 2);

    const hidden = await as(ctx, staff, 'PUT', `/api/staff/plans/${plan.id}`, body({ title: 'Renamed', amount: 1000, visible: false }));
    expect(hidden.json()).toMatchObject({ title: 'Renamed', price: '10.00', visible: false });
    expect((await pricing()).map((p) => p.id)).not.toContain(plan.id);
    expect((await staffPlans()).find((p) => p.id === plan.id)).toMatchObject({ visible: false });

    expect((await as(ctx, staff, 'DELETE', `/api/staff/plans/${plan.id}`)).statusCode).toBe(204);
    expect((await staffPlans()).map((p) => p.id)).not.toContain(plan.id);
    expect(await audited('plan.delete', plan.id)).toBe(1);
  });

  it('never deletes a plan that subscriptions use, and refuses bad input', async () => {
    const { plan } = await subscribedUser(ctx);
    expect((await staffPlans()).find((p) => p.id === plan.id)).toMatchObject({ subscriptionCount: 1 });
    const refused = await as(ctx, staff, 'DELETE', `/api/staff/plans/${plan.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('PLAN_IN_USE');
    expect((await as(ctx, staff, 'PUT', `/api/staff/plans/${plan.id}`, body({ visible: false }))).statusCode).toBe(200);

    for (const bad of [body({ title: ' ' }), body({ amount: -1 }), body({ amount: 1.5 }), body({ recurring: 'fortnight' })]) {
      const res = await as(ctx, staff, 'POST', '/api/staff/plans', bad);
      expect(res.statusCode).toBe(400);
    }
    // Checkout charges a card for a plan: a free one, or one above what a price can be, is refused in words.
    for (const [amount, message] of [
      [0, 'amount: A plan costs at least $1.00: checkout charges a card for it, so a plan cannot be free.'],
      [99, 'amount: A plan costs at least $1.00: checkout charges a card for it, so a plan cannot be free.'],
      [100_000_000, 'amount: A plan costs at most $999,999.99.'],
    ] as const) {
      const res = await as(ctx, staff, 'POST', '/api/staff/plans', body({ title: `Priced ${amount}`, amount }));
      expect([res.statusCode, res.json().error.message]).toEqual([400, message]);
      expect((await staffPlans()).map((p) => p.title)).not.toContain(`Priced ${amount}`);
    }
    expect((await as(ctx, staff, 'PUT', '/api/staff/plans/nope', body())).statusCode).toBe(404);
  });
});
