import type { FastifyInstance } from 'fastify';
import { subscriptionRoutes as route } from '@portal/contracts/routes';
import { cancelReasonLabel } from '@portal/contracts/subscriptions';
import type { SessionUser } from '../../platform/auth/session.ts';
import { notFound } from '../../platform/http/errors.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { churnByReason } from './churn.ts';
import { extendSubscription } from './goodwill.ts';
import { findSubscriptionOwner } from './repository.ts';
import { cancelSubscription, reactivateSubscription, SUBSCRIPTION_NOT_FOUND, subscriptionsOf } from './service.ts';
import type { StaffAct } from './staff-audit.ts';

/** What a staff action records: who, and the reason they gave. */
export const staffAct = (user: SessionUser, why: string): StaffAct => ({ actor: { id: user.id, name: user.name }, why });

/** The customer a subscription belongs to: staff act on it through the customer's own services, as its owner. */
export async function ownerOfSubscription(app: Pick<FastifyInstance, 'db'>, subscriptionId: string): Promise<string> {
  const owner = await findSubscriptionOwner(app.db, subscriptionId);
  if (!owner) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return owner;
}

/**
 * The staff's side of subscriptions: a customer's subscriptions on their page (a page at a time, newest first), the
 * actions taken there (cancel now or at the period's end, reactivate, a goodwill extension), each running the
 * customer's own service and audited in its transaction with who and why, and the overview's churn by reason.
 */
export async function staffSubscriptionRoutes(app: FastifyInstance) {
  registerRoute(app, route.listCustomerSubscriptions, async (request) => subscriptionsOf(app, request.params.userId, request.query));

  registerRoute(app, route.staffCancelSubscription, async (request) => {
    const { when, reason, comment } = request.body;
    const why = comment ? `${cancelReasonLabel(reason)}: ${comment}` : cancelReasonLabel(reason);
    const owner = await ownerOfSubscription(app, request.params.id);
    return cancelSubscription(app, owner, request.params.id, { reason, comment }, { ...staffAct(request.user, why), endNow: when === 'now' });
  });
  registerRoute(app, route.staffReactivateSubscription, async (request) =>
    reactivateSubscription(app, await ownerOfSubscription(app, request.params.id), request.params.id, staffAct(request.user, request.body.reason)),
  );
  registerRoute(app, route.staffExtendSubscription, async (request) =>
    extendSubscription(app, staffAct(request.user, request.body.reason), await ownerOfSubscription(app, request.params.id), request.params.id, request.body),
  );

  registerRoute(app, route.getChurnByReason, async () => churnByReason(app.db, app.clock()));
}
