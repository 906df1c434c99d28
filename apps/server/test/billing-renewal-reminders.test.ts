import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRenewalReminderSweep } from '../src/modules/billing/renewal-reminders.ts';
import { mailDate } from '../src/modules/notifications/index.ts';
import { as, createBillingApp, insertPlan, renewAt, subscribedUser, subscriptionOf, type ManualClock } from './billing-helpers.ts';
import type { TestContext, TestUser } from './helpers.ts';
import { caughtFor, outboxFor } from './notify-helpers.ts';

const DAY = 86_400_000;
let ctx: TestContext;
let time: ManualClock;
beforeAll(async () => {
  ({ ctx, time } = await createBillingApp());
});
afterAll(async () => ctx.close());

const subscription = (user: TestUser, id: string) => subscriptionOf(ctx, user, id);
const reminders = (user: TestUser) => outboxFor(ctx, user.email, 'renewal-reminder');
/** Moves the clock to a moment (never back). */
const moveTo = (ms: number) => time.advance(Math.max(0, ms - time.now().getTime()));
const setPreferences = (user: TestUser, renewalReminders: boolean) =>
  as(ctx, user, 'PUT', '/api/me/mail-preferences', { supportReplies: true, projectUpdates: true, renewalReminders, projectPreviews: true, projectDecisions: true, projectStages: true });

describe('renewal reminders', () => {
  it('mails one reminder 7 days before the renewal, however many sweeps run, naming plan, amount, date and card', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const { dueDate } = await subscription(user, subscriptionId);
    moveTo(dueDate - 7 * DAY - 60_000);
    await runRenewalReminderSweep(ctx.app);
    expect(await reminders(user)).toEqual([]);

    moveTo(dueDate - 7 * DAY);
    // Three instances sweeping at the same moment, then two more runs.
    await Promise.all([runRenewalReminderSweep(ctx.app), runRenewalReminderSweep(ctx.app), runRenewalReminderSweep(ctx.app)]);
    await runRenewalReminderSweep(ctx.app);
    await runRenewalReminderSweep(ctx.app);
    const [queued, ...more] = await reminders(user);
    expect(more).toEqual([]);
    expect(queued!.subject).toBe(`Your Growth Plan subscription renews on ${mailDate(new Date(dueDate))}`);
    const [mail] = (await caughtFor(ctx, user.email)).filter((m) => m.subject.includes('renews on'));
    for (const body of [mail!.html, mail!.text_body]) {
      for (const text of ['Growth Plan', '$49.99', mailDate(new Date(dueDate)), 'Visa ending in 1111', `http://localhost:1/subscription-details/${subscriptionId}`]) {
        expect(body).toContain(text);
      }
    }

    // The next period has a reminder of its own, once.
    await renewAt(ctx, time, dueDate);
    const next = (await subscription(user, subscriptionId)).dueDate;
    expect(next).toBeGreaterThan(dueDate);
    await runRenewalReminderSweep(ctx.app);
    expect(await reminders(user)).toHaveLength(1);
    moveTo(next - 3 * DAY);
    await Promise.all([runRenewalReminderSweep(ctx.app), runRenewalReminderSweep(ctx.app)]);
    const both = await reminders(user);
    expect(both).toHaveLength(2);
    expect(both[1]!.subject).toContain(mailDate(new Date(next)));
  });

  it('reaches a subscription behind more than a page of others that get no reminder', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const { subscriptionId: otherId } = await subscribedUser(ctx);
    const { dueDate } = await subscription(user, subscriptionId);
    // 600 subscriptions renewing a day sooner, each started the day before its renewal: too short a period to be
    // reminded of (remindsOf), yet first in due-date order.
    await ctx.database.sql.query(
      `INSERT INTO subscriptions
       SELECT (jsonb_populate_record(NULL::subscriptions, to_jsonb(s) || jsonb_build_object(
         'id', gen_random_uuid(), 'start_date', $2::timestamptz - interval '1 day', 'due_date', $2::timestamptz))).*
       FROM subscriptions s, generate_series(1, 600) WHERE s.id = $1`,
      [otherId, new Date(dueDate - DAY)],
    );
    moveTo(dueDate - 6 * DAY);
    await runRenewalReminderSweep(ctx.app);
    expect(await reminders(user)).toHaveLength(1);
  });

  it('names the plan and amount of a scheduled downgrade, and says when no card can pay', async () => {
    const { user, subscriptionId, card } = await subscribedUser(ctx, { title: 'Premium Plan', amount: 9999, price: '99.99' });
    const basic = await insertPlan(ctx, { title: 'Basic Plan', amount: 1999, price: '19.99' });
    expect((await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/change-plan`, { planId: basic.id })).statusCode).toBeLessThan(300);
    await ctx.database.sql.query(`UPDATE cards SET status = 'Error' WHERE id = $1`, [card.id]);
    const { dueDate } = await subscription(user, subscriptionId);
    moveTo(dueDate - 6 * DAY);
    await runRenewalReminderSweep(ctx.app);
    const [mail] = await reminders(user);
    expect(mail!.subject).toBe(`Your Basic Plan subscription renews on ${mailDate(new Date(dueDate))}`);
    expect(mail!.text_body).toContain('$19.99');
    expect(mail!.text_body).toContain('no card on file that can pay it');
  });

  it('sends none to a customer who turned reminders off, keeps the choice, and sends it once turned on again', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    expect((await setPreferences(user, false)).json()).toMatchObject({ renewalReminders: false, projectPreviews: true, projectDecisions: true, projectStages: true });
    const { dueDate } = await subscription(user, subscriptionId);
    moveTo(dueDate - 5 * DAY);
    await runRenewalReminderSweep(ctx.app);
    expect(await reminders(user)).toEqual([]);
    expect((await as(ctx, user, 'GET', '/api/me/mail-preferences')).json()).toEqual({ supportReplies: true, projectUpdates: true, renewalReminders: false, projectPreviews: true, projectDecisions: true, projectStages: true });

    await setPreferences(user, true);
    await runRenewalReminderSweep(ctx.app);
    expect(await reminders(user)).toHaveLength(1);
  });

  it('sends none for a subscription that is cancelled (it ends at its due date)', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/cancel`);
    const { dueDate } = await subscription(user, subscriptionId);
    moveTo(dueDate - 2 * DAY);
    await runRenewalReminderSweep(ctx.app);
    expect(await reminders(user)).toEqual([]);
  });

  it('sends none when the period is no longer than the reminder notice (a weekly plan)', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx, { recurring: 'week' });
    const { dueDate } = await subscription(user, subscriptionId);
    expect(dueDate - time.now().getTime()).toBe(7 * DAY);
    await runRenewalReminderSweep(ctx.app);
    moveTo(dueDate - DAY);
    await runRenewalReminderSweep(ctx.app);
    expect(await reminders(user)).toEqual([]);
  });
});

describe('the reminder notice setting', () => {
  it.each([
    ['3', 1],
    ['0', 0],
  ] as const)('with RENEWAL_REMINDER_DAYS=%s, reminds that many days before the renewal (0: never)', async (days, expected) => {
    const other = await createBillingApp({ RENEWAL_REMINDER_DAYS: days });
    try {
      const { user, subscriptionId } = await subscribedUser(other.ctx);
      const { dueDate } = await subscriptionOf(other.ctx, user, subscriptionId);
      other.time.advance(dueDate - 4 * DAY - other.time.now().getTime());
      await runRenewalReminderSweep(other.ctx.app);
      expect(await outboxFor(other.ctx, user.email, 'renewal-reminder')).toEqual([]);
      other.time.advance(DAY);
      await runRenewalReminderSweep(other.ctx.app);
      expect(await outboxFor(other.ctx, user.email, 'renewal-reminder')).toHaveLength(expected);
    } finally {
      await other.ctx.close();
    }
  });
});
