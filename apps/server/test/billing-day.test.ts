import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createBillingApp, insertPlan, pdfText, renewAt, subscribedUser, subscriptionOf, type ManualClock } from './billing-helpers.ts';
import type { TestContext, TestUser } from './helpers.ts';

let ctx: TestContext;
let time: ManualClock;
beforeAll(async () => {
  // A customer who subscribes on January 31 (decision 0057).
  ({ ctx, time } = await createBillingApp({}, new Date('2027-01-31T12:00:00.000Z')));
});
afterAll(async () => ctx.close());

const subscription = (user: TestUser, id: string) => subscriptionOf(ctx, user, id);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const sweepAt = (ms: number) => renewAt(ctx, time, ms);

describe('the billing day', () => {
  it('renews a subscription started on the 31st on the 31st, or the month last day, for a year', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const first = await subscription(user, subscriptionId);
    expect(day(first.dueDate)).toBe('2027-02-28');

    // Proration counts the period as it runs on the billing day: January 31 to February 28 is 28 days.
    const pro = await insertPlan(ctx, { title: 'Pro', amount: 9999 });
    const quote = (await as(ctx, user, 'GET', `/api/subscriptions/${subscriptionId}/plan-options`)).json();
    expect(quote.options.find((o: { planId: string }) => o.planId === pro.id)).toMatchObject({ periodDays: 28, remainingDays: 28 });

    const dueDates: string[] = [];
    let due = first.dueDate as number;
    for (let renewal = 0; renewal < 12; renewal += 1) {
      expect(await sweepAt(due)).toHaveLength(1);
      due = (await subscription(user, subscriptionId)).dueDate;
      dueDates.push(day(due));
    }
    expect(dueDates).toEqual([
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
      '2028-01-31',
      '2028-02-29',
    ]);
    const renewals = (await as(ctx, user, 'GET', '/api/payments?limit=100')).json().payments.filter((p: { purchaseType: string }) => p.purchaseType === 'Renewal');
    expect(renewals).toHaveLength(12);
    expect(renewals.every((p: { status: string; amount: number }) => p.status === 'Complete' && p.amount === 4999)).toBe(true);

    // The February renewal's receipt covers February 28 to March 31.
    const february = renewals.find((p: { createdAt: number }) => day(p.createdAt) === '2027-02-28');
    const receipt = await as(ctx, user, 'GET', `/api/payments/${february.id}/receipt`);
    expect(pdfText(receipt.rawPayload)).toContain('Feb 28, 2027 - Mar 31, 2027');
  });

  it('puts a subscription that drifted to the 28th back on the day it started', async () => {
    const { user, card, subscriptionId } = await subscribedUser(ctx);
    // As the original system left it: started on October 31, due on the 28th ever since February. A row written
    // without the billing day takes its start date's, as migration 0320 backfilled the existing ones.
    await ctx.database.sql.query(`DELETE FROM subscriptions WHERE id = $1`, [subscriptionId]);
    await ctx.database.sql.query(
      `INSERT INTO subscriptions (id, user_id, status, service_id, service_title, price, amount, recurring, start_date, due_date, card_id)
       VALUES ($1, $2, 'ACTIVE', 'plan-drifted', 'Growth Plan', '49.99', 4999, 'month', '2027-10-31T12:00:00Z', '2028-04-28T12:00:00Z', $3)`,
      [subscriptionId, user.id, card.id],
    );
    const [row] = await ctx.database.sql.query<{ billing_anchor_day: number }>(`SELECT billing_anchor_day FROM subscriptions WHERE id = $1`, [subscriptionId]);
    expect(row!.billing_anchor_day).toBe(31);
    await sweepAt(Date.parse('2028-04-28T12:00:00Z'));
    expect(day((await subscription(user, subscriptionId)).dueDate)).toBe('2028-05-31');
  });
});
