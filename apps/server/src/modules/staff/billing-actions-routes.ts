import type { FastifyInstance } from 'fastify';
import { staffBillingRoutes as route } from '@portal/contracts/routes';
import { cancelReasonLabel } from '@portal/contracts/subscriptions';
import type { SessionUser } from '../../platform/auth/session.ts';
import { notFound } from '../../platform/http/errors.ts';
import { registerRoute } from '../../platform/http/route.ts';
import * as billing from '../billing/index.ts';
import * as subscriptions from '../subscriptions/index.ts';
import { questionnairesOf } from './customers.ts';

const act = (user: SessionUser, why: string): subscriptions.StaffAct => ({ actor: { id: user.id, name: user.name }, why });

/** Staff act on any customer's subscription, through the customer's own services, as its owner. */
async function ownerOf(app: FastifyInstance, subscriptionId: string): Promise<string> {
  const owner = await subscriptions.findSubscriptionOwner(app.db, subscriptionId);
  if (!owner) throw notFound(subscriptions.SUBSCRIPTION_NOT_FOUND);
  return owner;
}

/**
 * A customer's page, section by section (each a page at a time, newest first), and the billing actions staff take
 * there: cancel (now or at the period's end), reactivate, a goodwill extension and retrying a failed renewal. Each
 * action runs the customer's own service and is audited in its transaction with who and why.
 */
export async function staffBillingActionRoutes(app: FastifyInstance) {
  registerRoute(app, route.listCustomerSubscriptions, async (request) => subscriptions.subscriptionsOf(app, request.params.userId, request.query));
  registerRoute(app, route.listCustomerPayments, async (request) => billing.paymentsOf(app, request.params.userId, request.query));
  registerRoute(app, route.listCustomerCards, async (request) => billing.cardListOf(app, request.params.userId, request.query));
  registerRoute(app, route.listCustomerQuestionnaires, async (request) => questionnairesOf(app.db, request.params.userId, request.query));

  registerRoute(app, route.staffCancelSubscription, async (request) => {
    const { when, reason, comment } = request.body;
    const why = comment ? `${cancelReasonLabel(reason)}: ${comment}` : cancelReasonLabel(reason);
    const owner = await ownerOf(app, request.params.id);
    return subscriptions.cancelSubscription(app, owner, request.params.id, { reason, comment }, { ...act(request.user, why), endNow: when === 'now' });
  });
  registerRoute(app, route.staffReactivateSubscription, async (request) =>
    subscriptions.reactivateSubscription(app, await ownerOf(app, request.params.id), request.params.id, act(request.user, request.body.reason)),
  );
  registerRoute(app, route.staffExtendSubscription, async (request) =>
    subscriptions.extendSubscription(app, act(request.user, request.body.reason), await ownerOf(app, request.params.id), request.params.id, request.body),
  );
  registerRoute(app, route.staffRetryRenewal, async (request, reply) => {
    const owner = await ownerOf(app, request.params.id);
    return reply.code(202).send(await billing.payNow(app, owner, request.params.id, null, act(request.user, request.body.reason)));
  });

  registerRoute(app, route.getChurnByReason, async () => subscriptions.churnByReason(app.db, app.clock()));
}
