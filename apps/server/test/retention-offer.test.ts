import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewAt, as, createBillingApp, subscribedUser, subscriptionOf, type ManualClock } from './billing-helpers.ts';
import type { TestContext, TestUser } from './helpers.ts';
import { call, signUpStaff } from './staff-helpers.ts';

let ctx: TestContext;
let time: ManualClock;
let staff: TestUser;
beforeAll(async () => {
  ({ ctx, time } = await createBillingApp());
  staff = await signUpStaff(ctx);
});
afterAll(async () => ctx.close());

const OFFER = { percentOff: 50, renewals: 2, active: true };
const defineOffer = async () => expect((await call(ctx.app, staff, 'PUT', '/api/staff/retention-offer', OFFER)).status).toBe(200);
const figures = async () => (await call(ctx.app, staff, 'GET', '/api/staff/retention-offer')).body.figures;
const present = (user: TestUser, id: string) => as(ctx, user, 'POST', `/api/subscriptions/${id}/retention-offer`);
const accept = (user: TestUser, id: string) => as(ctx, user, 'POST', `/api/subscriptions/${id}/retention-offer/accept`);
const renewalsOf = async (user: TestUser) =>
  (await as(ctx, user, 'GET', '/api/payments')).json().payments.filter((p: { purchaseType: string }) => p.purchaseType === 'Renewal');

describe('the retention offer', () => {
  it('has nothing to show until staff define one; only staff define it, within bounds, audited', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    expect((await present(user, subscriptionId)).json()).toEqual({ offer: null });
    expect((await call(ctx.app, user, 'PUT', '/api/staff/retention-offer', OFFER)).status).toBe(403);
    for (const bad of [{ ...OFFER, percentOff: 0 }, { ...OFFER, percentOff: 101 }, { ...OFFER, renewals: 13 }, { ...OFFER, percentOff: 12.5 }]) {
      expect((await call(ctx.app, staff, 'PUT', '/api/staff/retention-offer', bad)).status).toBe(400);
    }
    const saved = await call(ctx.app, staff, 'PUT', '/api/staff/retention-offer', OFFER);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ offer: OFFER, figures: { shown: 0, accepted: 0, avoided: 0 } });
    const [entry] = await ctx.database.sql.query<{ action: string }>(`SELECT action FROM audit_log WHERE action = 'retention-offer.update'`);
    expect(entry).toBeDefined();
  });

  it('is shown once per subscription, before the reasons; accepting halves the next two renewals, in whole cents, audited', async () => {
    await defineOffer();
    const { user, subscriptionId } = await subscribedUser(ctx);
    const shown = await present(user, subscriptionId);
    expect(shown.statusCode).toBe(200);
    // 50% of 49.99 rounds to 25.00 off: 24.99 to pay.
    expect(shown.json()).toEqual({ offer: { percentOff: 50, renewals: 2, amount: 4999, discountedAmount: 2499 } });
    expect((await present(user, subscriptionId)).json()).toEqual({ offer: null });
    const accepted = await accept(user, subscriptionId);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'ACTIVE', retentionDiscount: { percentOff: 50, renewalsLeft: 2 } });
    expect((await accept(user, subscriptionId)).json().error.code).toBe('OFFER_ALREADY_ACCEPTED');

    const audit = await call(ctx.app, staff, 'GET', `/api/staff/customers/${user.id}/audit`);
    expect(audit.body.entries[0]).toMatchObject({ action: 'retention-offer.accept', actorName: 'Test User', after: { offerPercentOff: 50, offerRenewalsLeft: 2 } });

    // Two discounted renewals, then the full price again.
    for (const expected of [2499, 2499, 4999]) {
      const { dueDate } = await subscriptionOf(ctx, user, subscriptionId);
      await renewAt(ctx, time, dueDate);
      const [latest] = await renewalsOf(user);
      expect(latest).toMatchObject({ status: 'Complete', amount: expected, subtotal: 4999, discount: 4999 - expected });
    }
    expect((await subscriptionOf(ctx, user, subscriptionId)).retentionDiscount).toBeNull();
  });

  it('declining goes on to cancel; the offer is not shown again for that subscription, and accepting it later is refused', async () => {
    await defineOffer();
    const { user, subscriptionId } = await subscribedUser(ctx);
    expect((await present(user, subscriptionId)).json().offer).not.toBeNull();
    const cancelled = await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/cancel`, { reason: 'too_expensive' });
    expect(cancelled.json().status).toBe('CANCELLED');
    expect((await accept(user, subscriptionId)).json().error.code).toBe('NOT_ACTIVE');
    expect((await present(user, subscriptionId)).json()).toEqual({ offer: null });
  });

  it('cannot be accepted without having been shown, nor by another customer', async () => {
    await defineOffer();
    const { user, subscriptionId } = await subscribedUser(ctx);
    expect((await accept(user, subscriptionId)).json().error.code).toBe('NO_OFFER');
    const other = await subscribedUser(ctx);
    await present(other.user, other.subscriptionId);
    expect((await accept(user, other.subscriptionId)).statusCode).toBe(404);
    expect((await present(user, other.subscriptionId)).statusCode).toBe(404);
  });

  it('50 concurrent presentations show it once, and 50 concurrent accepts make one change', async () => {
    await defineOffer();
    const { user, subscriptionId } = await subscribedUser(ctx);
    const shown = await Promise.all(Array.from({ length: 50 }, () => present(user, subscriptionId)));
    expect(shown.filter((r) => r.json().offer !== null)).toHaveLength(1);
    const accepts = await Promise.all(Array.from({ length: 50 }, () => accept(user, subscriptionId)));
    expect(accepts.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(accepts.filter((r) => r.statusCode === 409 && r.json().error.code === 'OFFER_ALREADY_ACCEPTED')).toHaveLength(49);
    const audits = await ctx.database.sql.query(`SELECT id FROM audit_log WHERE action = 'retention-offer.accept' AND customer_id = $1`, [user.id]);
    expect(audits).toHaveLength(1);
    expect((await subscriptionOf(ctx, user, subscriptionId)).retentionDiscount).toEqual({ percentOff: 50, renewalsLeft: 2 });
  });

  it('the overview counts offers shown, accepted, and cancellations avoided', async () => {
    await defineOffer();
    const before = await figures();
    const keeps = await subscribedUser(ctx);
    await present(keeps.user, keeps.subscriptionId);
    await accept(keeps.user, keeps.subscriptionId);
    const leaves = await subscribedUser(ctx);
    await present(leaves.user, leaves.subscriptionId);
    await as(ctx, leaves.user, 'POST', `/api/subscriptions/${leaves.subscriptionId}/cancel`);
    const acceptsThenLeaves = await subscribedUser(ctx);
    await present(acceptsThenLeaves.user, acceptsThenLeaves.subscriptionId);
    await accept(acceptsThenLeaves.user, acceptsThenLeaves.subscriptionId);
    await as(ctx, acceptsThenLeaves.user, 'POST', `/api/subscriptions/${acceptsThenLeaves.subscriptionId}/cancel`);
    expect(await figures()).toEqual({ shown: before.shown + 3, accepted: before.accepted + 2, avoided: before.avoided + 1 });
  });

  it('turned off, it is shown to no one', async () => {
    await call(ctx.app, staff, 'PUT', '/api/staff/retention-offer', { ...OFFER, active: false });
    const { user, subscriptionId } = await subscribedUser(ctx);
    expect((await present(user, subscriptionId)).json()).toEqual({ offer: null });
    await call(ctx.app, staff, 'PUT', '/api/staff/retention-offer', OFFER);
    expect((await present(user, subscriptionId)).json().offer).not.toBeNull();
  });
});
