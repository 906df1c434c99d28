import type { Db } from '../../platform/db/client.ts';
import { conflict } from '../../platform/http/errors.ts';
import { findActiveSubscriptionOfPlan, findPendingPurchaseOfPlan } from './repository.ts';

export const PLAN_ALREADY_ACTIVE_MESSAGE = 'You already have this plan. You can find it under My Subscription.';

/**
 * Refuses a purchase of a plan the user already has active, or is already buying (decision 0014): one subscription
 * per plan, however many checkouts a user starts at once, on however many instances. Runs in the transaction that
 * inserts the Pending payment, under the user's purchase lock (`lockUserPurchases`, taken by the caller), so two
 * purchases never pass it together.
 *
 * The in-flight purchase is looked for first and the active subscription second: a purchase completing meanwhile
 * turns its Pending payment into an active subscription in one commit, so one of the two reads sees it.
 */
export async function assertPlanNotHeld(tx: Db, userId: string, serviceId: string, reactivating: string | null): Promise<void> {
  const inFlight = await findPendingPurchaseOfPlan(tx, userId, serviceId);
  if (inFlight && reactivating && inFlight.subscriptionId === reactivating) {
    throw conflict('PAYMENT_IN_PROGRESS', 'A payment for this subscription is already in progress.');
  }
  if (inFlight || (await findActiveSubscriptionOfPlan(tx, userId, serviceId, reactivating))) {
    throw conflict('PLAN_ALREADY_ACTIVE', PLAN_ALREADY_ACTIVE_MESSAGE);
  }
}
