import type { FastifyInstance } from 'fastify';
import type { Subscription, SubscriptionList, SubscriptionListQuery } from '@portal/contracts/subscriptions';
import { pageFrom } from '../../platform/db/keyset.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { sendSubscriptionChange } from '../notifications/index.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { assertPlanNotHeld } from './purchase-guard.ts';
import { findSubscription, listSubscriptions, lockUserPurchases, updateSubscription } from './repository.ts';
import { isActive, reactivationOf, toSubscription } from './views.ts';

export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found.';

/** A page of the user's subscriptions (or of the active ones), newest start first. */
export async function subscriptionsOf(app: FastifyInstance, userId: string, query: SubscriptionListQuery): Promise<SubscriptionList> {
  const now = app.clock();
  const page = pageFrom(await listSubscriptions(app.db, userId, query), query.limit);
  return { subscriptions: page.rows.map((row) => toSubscription(row, now)), nextCursor: page.nextCursor };
}

export async function subscriptionOf(app: FastifyInstance, userId: string, id: string): Promise<Subscription> {
  const row = await findSubscription(app.db, userId, id);
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return toSubscription(row, app.clock());
}

/** Cancels an active subscription (spec §4). The paid period is kept: nothing renews, the due date stays. */
export async function cancelSubscription(app: FastifyInstance, userId: string, id: string, why?: { reason: string; comment?: string | undefined }): Promise<Subscription> {
  const now = app.clock();
  return app.db.transaction(async (tx) => {
    const row = await findSubscription(tx, userId, id, true);
    if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
    if (!isActive(row)) throw conflict('NOT_ACTIVE', 'Only an active subscription can be cancelled.');
    const updated = await updateSubscription(tx, id, {
      status: 'CANCELLED',
      cancelledAt: now,
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
    await sendSubscriptionChange(app, tx, updated, 'cancelled');
    await publishChange(tx, { topic: `subscriptions:${id}`, audience: { userId } });
    return toSubscription(updated, now);
  });
}

/** Reactivates a cancelled subscription still inside its paid period, at no charge (spec §4). */
export async function reactivateSubscription(app: FastifyInstance, userId: string, id: string): Promise<Subscription> {
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
    await publishChange(tx, { topic: `subscriptions:${id}`, audience: { userId } });
    return toSubscription(updated, now);
  });
}
