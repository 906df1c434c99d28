import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { call, signUpStaff } from './staff-helpers.ts';

// The server's clock, which the test moves: "this month" is March 2026 (UTC) until it is moved on.
let nowMs = Date.parse('2026-03-15T12:00:00Z');
let ctx: TestContext;
let staff: TestUser;
let customer: TestUser;

const at = (iso: string) => new Date(iso).toISOString();

/**
 * A known business: nine subscriptions (monthly, yearly and weekly prices; active, in retry, pending a downgrade,
 * cancelled this month and before, ended by non-payment), four chats and four deletion requests.
 */
async function seed() {
  const q = (text: string, params: unknown[]) => ctx.database.sql.query(text, params);
  await q(`INSERT INTO services (id, title, price, amount, recurring) VALUES ('p-basic', 'Basic', '49.99', 4999, 'month'), ('p-pro', 'Pro yearly', '119.99', 11999, 'year')`, []);
  const subs: Array<[string, string, string, number, string, string, string | null, number]> = [
    // id, status, plan, amount, period, start, cancelled, renewal failures
    ['A', 'ACTIVE', 'p-basic', 4999, 'month', '2025-06-10T00:00:00Z', null, 0],
    ['B', 'ACTIVE', 'p-basic', 4999, 'month', '2026-03-02T00:00:00Z', null, 1],
    ['C', 'ACTIVE_PENDING_UPDATE', 'p-pro', 11999, 'year', '2025-12-20T00:00:00Z', null, 0],
    ['D', 'ACTIVE', 'p-pro', 11999, 'year', '2026-03-05T00:00:00Z', null, 0],
    ['E', 'ACTIVE', 'p-weekly', 1000, 'week', '2026-02-03T00:00:00Z', null, 0],
    ['F', 'CANCELLED', 'p-basic', 4999, 'month', '2025-11-01T00:00:00Z', '2026-03-03T00:00:00Z', 0],
    ['G', 'CANCELLED', 'p-basic', 4999, 'month', '2025-09-01T00:00:00Z', '2026-02-10T00:00:00Z', 0],
    ['H', 'INACTIVE_NONPAYMENT', 'p-basic', 4999, 'month', '2025-10-01T00:00:00Z', null, 3],
    ['I', 'CANCELLED', 'p-basic', 4999, 'month', '2026-03-08T00:00:00Z', '2026-03-10T00:00:00Z', 0],
  ];
  for (const [id, status, plan, amount, period, start, cancelled, failures] of subs) {
    await q(
      `INSERT INTO subscriptions (id, user_id, status, service_id, service_title, price, amount, recurring, start_date, due_date, cancelled_at, renewal_failures, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11, $9, $12)`,
      [`sub-${id}`, customer.id, status, plan, plan === 'p-weekly' ? 'Weekly Care' : 'Old title', (amount / 100).toFixed(2), amount, period, at(start), cancelled && at(cancelled), failures, at('2026-03-14T00:00:00Z')],
    );
  }
  // H stopped counting when its last renewal attempt failed.
  await q(
    `INSERT INTO payments (id, user_id, idempotency_key, request_hash, status, purchase_type, service_id, service_title, price, recurring, subtotal, amount, subscription_id, created_at, updated_at)
     VALUES ('pay-H', $1, 'k-H', 'k-H', 'Failed', 'Renewal', 'p-basic', 'Basic', '49.99', 'month', 4999, 4999, 'sub-H', $2, $2)`,
    [customer.id, at('2026-01-05T00:00:00Z')],
  );
  const chats: Array<[string, 'OPEN' | 'CLOSED', Array<['user' | 'support', string]>]> = [
    ['c1', 'OPEN', [['user', '2026-03-14T09:00:00Z'], ['support', '2026-03-14T10:00:00Z'], ['user', '2026-03-15T08:00:00Z'], ['user', '2026-03-15T09:00:00Z']]],
    ['c2', 'OPEN', [['user', '2026-03-13T07:00:00Z']]],
    ['c3', 'OPEN', [['user', '2026-03-10T07:00:00Z'], ['support', '2026-03-11T07:00:00Z']]],
    ['c4', 'CLOSED', [['user', '2026-03-01T07:00:00Z']]],
  ];
  for (const [id, status, messages] of chats) {
    const last = messages.at(-1)!;
    await q(`INSERT INTO support_chats (id, user_id, reason, status, last_messenger_type, last_activity_at) VALUES ($1, $2, 'Billing', $3, $4, $5)`, [id, customer.id, status, last[0], at(last[1])]);
    for (const [i, [who, when]] of messages.entries()) {
      await q(`INSERT INTO support_messages (id, chat_id, messenger_type, message_type, text_message, sent_at) VALUES ($1, $2, $3, 'text', 'hi', $4)`, [`${id}-${i}`, id, who, at(when)]);
    }
  }
  for (const [id, status] of [['d1', 'pending'], ['d2', 'pending'], ['d3', 'unconfirmed'], ['d4', 'done']]) {
    await q(`INSERT INTO account_deletion_requests (id, name, email, status, user_id) VALUES ($1, 'Dee', 'dee@example.com', $2, 'guest')`, [id, status]);
  }
}

beforeAll(async () => {
  ctx = await createTestApp({ clock: () => new Date(nowMs) });
  staff = await signUpStaff(ctx);
  customer = await signUp(ctx.app, { name: 'Cas Customer' });
  await seed();
});
afterAll(async () => ctx.close());

const overview = async () => {
  const res = await call(ctx.app, staff, 'GET', '/api/staff/overview');
  expect(res.status).toBe(200);
  return res.body;
};

describe('the business at a glance', () => {
  it('gives every figure of a known set exactly, MRR to the cent', async () => {
    const o = await overview();
    // MRR: (4999 x 12 x 2 + 11999 x 2 + 1000 x 52) / 12 = 16331.17 -> $163.31.
    expect(o).toMatchObject({
      asOfTimestamp: nowMs,
      activeSubscriptions: 5,
      mrr: 16331,
      newThisMonth: 3,
      cancelledThisMonth: 2,
      renewalsInRetry: 1,
      inactiveNonpayment: 1,
      openChats: 3,
      oldestUnansweredTimestamp: Date.parse('2026-03-13T07:00:00Z'),
      pendingDeletionRequests: 2,
    });
    expect(o.byPlan).toEqual([
      { planId: 'p-basic', title: 'Basic', activeSubscriptions: 2, mrr: 9998 },
      { planId: 'p-weekly', title: 'Weekly Care', activeSubscriptions: 1, mrr: 4333 },
      { planId: 'p-pro', title: 'Pro yearly', activeSubscriptions: 2, mrr: 2000 },
    ]);
    expect(o.months).toEqual([
      { month: '2025-04', mrr: 0, newSubscriptions: 0 },
      { month: '2025-05', mrr: 0, newSubscriptions: 0 },
      { month: '2025-06', mrr: 4999, newSubscriptions: 1 },
      { month: '2025-07', mrr: 4999, newSubscriptions: 0 },
      { month: '2025-08', mrr: 4999, newSubscriptions: 0 },
      { month: '2025-09', mrr: 9998, newSubscriptions: 1 },
      { month: '2025-10', mrr: 14997, newSubscriptions: 1 },
      { month: '2025-11', mrr: 19996, newSubscriptions: 1 },
      { month: '2025-12', mrr: 20996, newSubscriptions: 1 },
      { month: '2026-01', mrr: 15997, newSubscriptions: 0 },
      { month: '2026-02', mrr: 15331, newSubscriptions: 1 },
      { month: '2026-03', mrr: 16331, newSubscriptions: 3 },
    ]);
  });

  it('counts "this month" by the server clock, which tests can move', async () => {
    nowMs = Date.parse('2026-04-01T00:00:00Z');
    try {
      const o = await overview();
      expect(o).toMatchObject({ asOfTimestamp: nowMs, mrr: 16331, newThisMonth: 0, cancelledThisMonth: 0 });
      expect(o.months[0]).toEqual({ month: '2025-05', mrr: 0, newSubscriptions: 0 });
      expect(o.months.at(-2)).toEqual({ month: '2026-03', mrr: 16331, newSubscriptions: 3 });
      expect(o.months.at(-1)).toEqual({ month: '2026-04', mrr: 16331, newSubscriptions: 0 });
    } finally {
      nowMs = Date.parse('2026-03-15T12:00:00Z');
    }
  });

  it('is for staff only', async () => {
    expect((await call(ctx.app, customer, 'GET', '/api/staff/overview')).status).toBe(403);
    expect((await call(ctx.app, null, 'GET', '/api/staff/overview')).status).toBe(401);
  });
});
