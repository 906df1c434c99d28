import type { FastifyInstance } from 'fastify';
import { billingRoutes as route } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import { ownerOfSubscription, staffAct } from '../subscriptions/index.ts';
import { cardListOf } from './cards-service.ts';
import { paymentsOf } from './checkout-service.ts';
import { payNow } from './pay-now.ts';

/**
 * A customer's payments and cards on the staff's customer page (a page at a time, newest first), and retrying a
 * failed renewal from there with the subscription's card, audited with who and why.
 */
export async function staffBillingRoutes(app: FastifyInstance) {
  registerRoute(app, route.listCustomerPayments, async (request) => paymentsOf(app, request.params.userId, request.query));
  registerRoute(app, route.listCustomerCards, async (request) => cardListOf(app, request.params.userId, request.query));
  registerRoute(app, route.staffRetryRenewal, async (request, reply) => {
    const owner = await ownerOfSubscription(app, request.params.id);
    return reply.code(202).send(await payNow(app, owner, request.params.id, null, staffAct(request.user, request.body.reason)));
  });
}
