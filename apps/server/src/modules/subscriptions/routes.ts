import type { FastifyInstance } from 'fastify';
import { subscriptionRoutes as route } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import { cancelSubscription, reactivateSubscription, subscriptionOf, subscriptionsOf } from './service.ts';

export async function subscriptionRoutes(app: FastifyInstance) {
  registerRoute(app, route.listSubscriptions, async (request) => subscriptionsOf(app, request.user.id, request.query));
  registerRoute(app, route.getSubscription, async (request) => subscriptionOf(app, request.user.id, request.params.id));
  registerRoute(app, route.cancelSubscription, async (request) => cancelSubscription(app, request.user.id, request.params.id, request.body ?? undefined));
  registerRoute(app, route.reactivateSubscription, async (request) =>
    reactivateSubscription(app, request.user.id, request.params.id),
  );
}
