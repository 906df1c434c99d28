import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRenewalSweep } from '../src/modules/billing/renewals.ts';
import { runResumeSweep } from '../src/modules/subscriptions/index.ts';
import { as, createBillingApp, manualClock, newKey, subscribedUser, subscriptionOf, type ManualClock } from './billing-helpers.ts';
import { createInstances, type Instances } from './instances-helpers.ts';
import { signUp, type TestContext } from './helpers.ts';
import { call, signUpStaff } from './staff-helpers.ts';

const DAY = 86_400_000;
let ctx: TestContext;
let time: ManualClock;
beforeAll(async () => {
  ({ ctx, time } = await createBillingApp());
});
afterAll(async () => ctx.close());

/** `ms` moved by whole UTC calendar months (the start dates here are mid-month, so no day is clipped). */
const plusMonths = (ms: number, months: number) => {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
};
const renewalsOf = async (user: Parameters<typeof as>[1]) =>
  (await as(ctx, user, 'GET', '/api/payments')).json().payments.filter((p: { purchaseType: string }) => p.purchaseType === 'Renewal');

describe('pausing a subscription', () => {
  it.each([1, 2, 3])('pauses for %i month(s): PAUSED, resumes on the date shown, the next payment moved by as much', async (months) => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const before = await subscriptionOf(ctx, user, subscriptionId);
    const now = time.now().getTime();
    const res = await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/pause`, { months });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'PAUSED',
      dueDate: before.dueDate,
      pause: { pausedAt: now, resumesAt: plusMonths(now, months), nextPaymentAt: plusMonths(before.dueDate, months) },
    });
    const [mail] = await ctx.database.sql.query<{ subject: string }>(`SELECT subject FROM mail_outbox WHERE user_id = $1 AND kind = 'subscription-paused'`, [user.id]);
    expect(mail?.subject).toBe('Your Growth Plan subscription is paused');
  });

  it('refuses other lengths, and anything but an active subscription', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    for (const months of [0, 4, 1.5, '1']) {
      const res = await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/pause`, { months });
      expect(res.statusCode).toBe(400);
    }
    await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/cancel`);
    const cancelled = await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/pause`, { months: 1 });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.code).toBe('NOT_ACTIVE');
    const stranger = await signUp(ctx.app);
    expect((await as(ctx, stranger, 'POST', `/api/subscriptions/${subscriptionId}/pause`, { months: 1 })).statusCode).toBe(404);
  });

  it('cannot be paused again before it resumes (ALREADY_PAUSED), and only a paused one resumes (NOT_PAUSED)', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    expect((await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/resume`)).json().error.code).toBe('NOT_PAUSED');
    await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/pause`, { months: 1 });
    const again = await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/pause`, { months: 3 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_PAUSED');
    expect((await subscriptionOf(ctx, user, subscriptionId)).pause.resumesAt).toBe(plusMonths(time.now().getTime(), 1));
  });

  it('charges nothing while paused, resumes by itself once on its date, then renews on the moved due date', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const { dueDate } = await subscriptionOf(ctx, user, subscriptionId);
    const pausedAt = time.now().getTime();
    await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/pause`, { months: 2 });
    // The old due date passes: nothing is charged.
    time.advance(dueDate - pausedAt + DAY);
    await runRenewalSweep(ctx.app);
    expect(await runResumeSweep(ctx.app)).not.toContain(subscriptionId);
    expect(await renewalsOf(user)).toEqual([]);
    // Past the resume date the sweep resumes it, once.
    time.advance(plusMonths(pausedAt, 2) - time.now().getTime() + 60_000);
    expect(await runResumeSweep(ctx.app)).toContain(subscriptionId);
    expect(await runResumeSweep(ctx.app)).not.toContain(subscriptionId);
    const resumed = await subscriptionOf(ctx, user, subscriptionId);
    expect(resumed).toMatchObject({ status: 'ACTIVE', pause: null, dueDate: plusMonths(dueDate, 2) });
    const mails = await ctx.database.sql.query(`SELECT id FROM mail_outbox WHERE user_id = $1 AND kind = 'subscription-resumed'`, [user.id]);
    expect(mails).toHaveLength(1);
    await runRenewalSweep(ctx.app);
    expect(await renewalsOf(user)).toEqual([]);
    // On the moved due date the renewal charges as before.
    time.advance(resumed.dueDate - time.now().getTime() + 1000);
    await runRenewalSweep(ctx.app);
    expect(await renewalsOf(user)).toMatchObject([{ status: 'Complete', amount: 4999 }]);
  });

  it('resumes early from the subscription page; the due date moves by the time actually paused', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const { dueDate } = await subscriptionOf(ctx, user, subscriptionId);
    await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/pause`, { months: 3 });
    time.advanceDays(10);
    const res = await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/resume`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ACTIVE', pause: null, dueDate: dueDate + 10 * DAY });
  });

  it('staff pause and resume a customer’s subscription from the console, audited; customers cannot use those routes', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const staff = await signUpStaff(ctx);
    expect((await call(ctx.app, user, 'POST', `/api/staff/subscriptions/${subscriptionId}/pause`, { months: 1 })).status).toBe(403);
    const paused = await call(ctx.app, staff, 'POST', `/api/staff/subscriptions/${subscriptionId}/pause`, { months: 1 });
    expect(paused.status).toBe(200);
    expect(paused.body.status).toBe('PAUSED');
    expect((await call(ctx.app, staff, 'POST', `/api/staff/subscriptions/${subscriptionId}/pause`, { months: 1 })).body.error.code).toBe('ALREADY_PAUSED');
    expect((await call(ctx.app, staff, 'POST', `/api/staff/subscriptions/${subscriptionId}/resume`)).body.status).toBe('ACTIVE');
    const audit = await call(ctx.app, staff, 'GET', `/api/staff/customers/${user.id}/audit`);
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual(['subscription.resume', 'subscription.pause']);
    expect(audit.body.entries[1]).toMatchObject({ actorName: 'Sam Support', after: { status: 'PAUSED', title: 'Growth Plan' } });
  });
});

describe('pause and resume under concurrency', () => {
  it('50 concurrent pause requests make one pause; 50 concurrent resumes make one resume', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const { dueDate } = await subscriptionOf(ctx, user, subscriptionId);
    const pauses = await Promise.all(Array.from({ length: 50 }, (_, i) => as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/pause`, { months: (i % 3) + 1 })));
    expect(pauses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(pauses.filter((r) => r.statusCode === 409).every((r) => r.json().error.code === 'ALREADY_PAUSED')).toBe(true);
    expect(pauses.filter((r) => r.statusCode === 409)).toHaveLength(49);
    time.advanceDays(4);
    const resumes = await Promise.all(Array.from({ length: 50 }, () => as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/resume`)));
    expect(resumes.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(resumes.filter((r) => r.statusCode === 409)).toHaveLength(49);
    // Moved once by the four days, not once per request.
    expect((await subscriptionOf(ctx, user, subscriptionId)).dueDate).toBe(dueDate + 4 * DAY);
  });
});

describe('the resume sweep on several instances', () => {
  let portal: Instances;
  const clock = manualClock();
  beforeAll(async () => {
    portal = await createInstances(3, { clock: clock.clock, env: { RENEWAL_SWEEP_INTERVAL_MS: '0' } });
  });
  afterAll(async () => portal.close());

  it('resumes each subscription once however many instances sweep at once', async () => {
    const { user, subscriptionId } = await subscribedUser(portal.ctx);
    const { dueDate } = await subscriptionOf(portal.ctx, user, subscriptionId);
    await as(portal.ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/pause`, { months: 1 });
    clock.advanceDays(40);
    const swept = await Promise.all(portal.apps.flatMap((app) => [runResumeSweep(app), runResumeSweep(app)]));
    expect(swept.flat().filter((id) => id === subscriptionId)).toHaveLength(1);
    expect((await subscriptionOf(portal.ctx, user, subscriptionId)).dueDate).toBe(plusMonths(dueDate, 1));
    const mails = await portal.ctx.database.sql.query(`SELECT id FROM mail_outbox WHERE user_id = $1 AND kind = 'subscription-resumed'`, [user.id]);
    expect(mails).toHaveLength(1);
  });
});

describe('a paused plan is still held', () => {
  it('cannot be bought a second time while paused, and the customer still lands on the dashboard', async () => {
    const { user, plan, card, subscriptionId } = await subscribedUser(ctx);
    await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/pause`, { months: 1 });
    const again = await as(ctx, user, 'POST', '/api/checkout', { planId: plan.id, cardId: card.id, idempotencyKey: newKey() });
    expect(again.statusCode).toBe(409);
    expect((await as(ctx, user, 'GET', '/api/me')).json()).toMatchObject({ landing: '/dashboard' });
  });
});

describe('cancelling a paused subscription', () => {
  it('is allowed, and keeps the paid days: service ends where resuming then would have put the due date', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const { dueDate } = await subscriptionOf(ctx, user, subscriptionId);
    await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/pause`, { months: 2 });
    time.advanceDays(5);
    const res = await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/cancel`, { reason: 'unused' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', pause: null, dueDate: dueDate + 5 * DAY, reactivation: 'FREE' });
    expect((await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/resume`)).json().error.code).toBe('NOT_PAUSED');
  });
});
