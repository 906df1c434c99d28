import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from './billing-helpers.ts';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { expectKeysetPages, seedRows, tiedTimestamps } from './pages-helpers.ts';
import { signUpStaff } from './staff-helpers.ts';

// Every section of a customer's staff page is a list of its own, read a page at a time by keyset: nothing is cut
// off at a fixed number of rows (issue 23 point 3). Rows are seeded with timestamps shared by two rows each.
let ctx: TestContext;
let staff: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signUpStaff(ctx);
});
afterAll(async () => ctx.close());

const sql = (text: string, params: unknown[]) => ctx.database.sql.query(text, params);

const seed = (owner: TestUser, count: number, prefix: string, insert: string) => seedRows(ctx, owner, count, prefix, insert);

const insertSubscription = `INSERT INTO subscriptions (id, user_id, status, service_id, service_title, price, amount, recurring, start_date, due_date, billing_anchor_day)
  VALUES ($1, $2, 'CANCELLED', $1, 'Plan', '9.99', 999, 'month', $3, $3::timestamptz + interval '30 days', 1)`;
const insertPayment = `INSERT INTO payments (id, user_id, idempotency_key, request_hash, status, purchase_type, service_id, service_title, price, recurring, subtotal, amount, created_at, updated_at)
  VALUES ($1, $2, $1, 'x', 'Complete', 'Renewal', 's', 'Plan', '9.99', 'month', 999, 999, $3, $3)`;
const insertCard = `INSERT INTO cards (id, user_id, square_card_id, status, brand, last4, exp_month, exp_year, created_at, updated_at)
  VALUES ($1, $2, 'ccof:' || $1, 'Complete', 'VISA', '1111', 12, 2030, $3, $3)`;

describe("a customer's page, section by section", () => {
  it('answers the profile alone; staff only', async () => {
    const customer = await signUp(ctx.app, { name: 'Paula Pages' });
    const page = await as(ctx, staff, 'GET', `/api/staff/customers/${customer.id}`);
    expect(page.json()).toEqual({ profile: expect.objectContaining({ id: customer.id, name: 'Paula Pages' }) });
    for (const section of ['', '/subscriptions', '/payments', '/cards', '/questionnaires']) {
      expect((await as(ctx, customer, 'GET', `/api/staff/customers/${customer.id}${section}`)).statusCode, section).toBe(403);
    }
  });

  it('pages subscriptions past 50, newest start first, never another customer’s', async () => {
    const customer = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const expected = await seed(customer, 57, 'sub', insertSubscription);
    const foreign = await seed(other, 3, 'sub', insertSubscription);
    const seen = await expectKeysetPages(ctx, staff, { path: `/api/staff/customers/${customer.id}/subscriptions`, rows: (b) => b.subscriptions as { id: string }[], expected, foreign, limit: 20 });
    expect(seen.slice(0, 2)).toEqual([expected[1], expected[0]]);
  });

  it('pages payments past 50 with what was refunded of each', async () => {
    const customer = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const expected = await seed(customer, 53, 'pay', insertPayment);
    const foreign = await seed(other, 2, 'pay', insertPayment);
    await expectKeysetPages(ctx, staff, { path: `/api/staff/customers/${customer.id}/payments`, rows: (b) => b.payments as { id: string }[], expected, foreign, limit: 25 });
    const first = (await as(ctx, staff, 'GET', `/api/staff/customers/${customer.id}/payments?limit=1`)).json().payments[0];
    expect(first).toMatchObject({ refunded: 0, refundStatus: null, dispute: null });
  });

  it('pages cards past 50, never a Square token', async () => {
    const customer = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const expected = await seed(customer, 51, 'card', insertCard);
    const foreign = await seed(other, 2, 'card', insertCard);
    await expectKeysetPages(ctx, staff, { path: `/api/staff/customers/${customer.id}/cards`, rows: (b) => b.cards as { id: string }[], expected, foreign, limit: 30 });
    expect((await as(ctx, staff, 'GET', `/api/staff/customers/${customer.id}/cards?limit=100`)).body).not.toMatch(/ccof:|squareCardId/);
  });

  it('pages questionnaire answers newest first, ties broken by subscription', async () => {
    const customer = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const subscriptions = await seed(customer, 54, 'qsub', insertSubscription);
    const theirs = await seed(other, 2, 'qsub', insertSubscription);
    const submit = async (owner: TestUser, ids: string[]) => {
      for (const [i, at] of tiedTimestamps(ids.length).entries()) {
        await sql(`INSERT INTO form_submissions (subscription_id, user_id, submitted_at, answers) VALUES ($1, $2, $3, '[]')`, [ids[i], owner.id, at]);
      }
    };
    await submit(customer, subscriptions);
    await submit(other, theirs);
    const seen = await expectKeysetPages(ctx, staff, {
      path: `/api/staff/customers/${customer.id}/questionnaires`,
      rows: (b) => (b.questionnaires as { subscriptionId: string }[]).map((q) => ({ id: q.subscriptionId })),
      expected: subscriptions,
      foreign: theirs,
      limit: 20,
    });
    // Newest first; within one second the higher id first.
    expect(seen.slice(0, 2)).toEqual([subscriptions[1], subscriptions[0]]);
  });
});
