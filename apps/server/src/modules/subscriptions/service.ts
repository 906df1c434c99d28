import type { FastifyInstance } from 'fastify';
import type { Subscription, SubscriptionList, SubscriptionListQuery } from '@portal/contracts/subscriptions';
import { pageFrom } from '../../platform/db/keyset.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { sendSubscriptionChange } from '../notifications/index.ts';
import { auditSubscription, type StaffAct } from './staff-audit.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { assertPlanNotHeld } from './purchase-guard.ts';
import { findSubscription, listSubscriptions, lockUserPurchases, updateSubscription } from './repository.ts';
import { afterPause, isActive, reactivationOf, toSubscription } from './views.ts';

export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found.';

/** A page of the user's subscriptions (or of the active ones), newest start first. */
export async function subscriptionsOf(app: Pick<FastifyInstance, 'clock' | 'db'>, userId: string, query: SubscriptionListQuery): Promise<SubscriptionList> {
  const now = app.clock();
  const page = pageFrom(await listSubscriptions(app.db, userId, query), query.limit);
  return { subscriptions: page.rows.map((row) => toSubscription(row, now)), nextCursor: page.nextCursor };
}

export async function subscriptionOf(app: Pick<FastifyInstance, 'clock' | 'db'>, userId: string, id: string): Promise<Subscription> {
  const row = await findSubscription(app.db, userId, id);
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return toSubscription(row, app.clock());
}

/**
 * Cancels an active or paused subscription (spec §4). The paid period is kept: nothing renews, the due date stays. Staff may
 * instead end it now (`staff.endNow`): the due date becomes now, so it can come back only through checkout.
 */
export async function cancelSubscription(
  app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'mail'>,
  userId: string,
  id: string,
  why?: { reason: string; comment?: string | undefined },
  staff?: StaffAct & { endNow: boolean },
): Promise<Subscription> {
  const now = app.clock();
  return app.db.transaction(async (tx) => {
    const row = await findSubscription(tx, userId, id, true);
    if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
    const paused = row.status === 'PAUSED';
    if (!isActive(row) && !paused) throw conflict('NOT_ACTIVE', 'Only an active subscription can be cancelled.');
    const updated = await updateSubscription(tx, id, {
      status: 'CANCELLED',
      // A paused one keeps the days it had paid for: its service ends where resuming now would have put the due date.
      ...(paused ? { ...afterPause(row, now), pausedAt: null, resumesAt: null } : {}),
      cancelledAt: now,
      ...(staff?.endNow ? { dueDate: now } : {}),
      nextRenewalAttemptAt: null,
      pendingServiceId: null,
      pendingServiceTitle: null,
      pendingPrice: null,
      pendingAmount: null,
      pendingRecurring: null,
      cancelReason: why?.reason ?? null,
      cancelComment: why?.comment || null,
      updatedAt: now,
    });
    await sendSubscriptionChange(app, tx, updated, staff?.endNow ? 'ended' : 'cancelled');
    if (staff) await auditSubscription(tx, staff, 'subscription.cancel', row, updated, now, { when: staff.endNow ? 'now' : 'period_end' });
    await publishChange(tx, { topic: `subscriptions:${id}`, audience: { userId } });
    return toSubscription(updated, now);
  });
}

/** Reactivates a cancelled subscription still inside its paid period, at no charge (spec §4). */
export async function reactivateSubscription(app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'mail'>, userId: string, id: string, staff?: StaffAct): Promise<Subscription> {
  const now = app.clock();
  return app.db.transaction(async (tx) => {
    // The user's purchase lock first, in the order checkout takes it: no second active subscription of the plan.
    await lockUserPurchases(tx, userId);
    const row = await findSubscription(tx, userId, id, true);
    if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
    const reactivation = reactivationOf(row, now);
    if (reactivation === null) throw conflict('ALREADY_ACTIVE', 'This subscription is already active.');
    if (reactivation === 'CHECKOUT') {
      throw conflict('PAYMENT_REQUIRED', "This subscription's paid period has ended. Please reactivate it through checkout.");
    }
    await assertPlanNotHeld(tx, userId, row.serviceId, id);
    const updated = await updateSubscription(tx, id, { status: 'ACTIVE', cancelledAt: null, cancelReason: null, cancelComment: null, updatedAt: now });
    await sendSubscriptionChange(app, tx, updated, 'reactivated');
    if (staff) await auditSubscription(tx, staff, 'subscription.reactivate', row, updated, now);
    await publishChange(tx, { topic: `subscriptions:${id}`, audience: { userId } });
    return toSubscription(updated, now);
  });
}
