import type { FastifyInstance } from 'fastify';
import { retentionRoutes, subscriptionRoutes as route } from '@portal/contracts/routes';
import type { SessionUser } from '../../platform/auth/session.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pauseSubscription, resumeSubscription } from './pause.ts';
import { acceptRetentionOffer, presentRetentionOffer, saveRetentionOffer, staffRetentionOffer } from './retention-offer.ts';
import { cancelSubscription, reactivateSubscription, subscriptionOf, subscriptionsOf } from './service.ts';

const actorOf = (user: SessionUser) => ({ id: user.id, name: user.name });

export async function subscriptionRoutes(app: FastifyInstance) {
  registerRoute(app, route.listSubscriptions, async (request) => subscriptionsOf(app, request.user.id, request.query));
  registerRoute(app, route.getSubscription, async (request) => subscriptionOf(app, request.user.id, request.params.id));
  registerRoute(app, route.cancelSubscription, async (request) => cancelSubscription(app, request.user.id, request.params.id, request.body ?? undefined));
  registerRoute(app, route.reactivateSubscription, async (request) =>
    reactivateSubscription(app, request.user.id, request.params.id),
  );

  const retention = retentionRoutes;
  const customer = (user: SessionUser) => ({ kind: 'customer' as const, userId: user.id });
  const staff = (user: SessionUser) => ({ kind: 'staff' as const, staff: actorOf(user) });
  registerRoute(app, retention.pauseSubscription, async (request) => pauseSubscription(app, customer(request.user), request.params.id, request.body));
  registerRoute(app, retention.resumeSubscription, async (request) => resumeSubscription(app, customer(request.user), request.params.id));
  registerRoute(app, retention.staffPauseSubscription, async (request) => pauseSubscription(app, staff(request.user), request.params.id, request.body));
  registerRoute(app, retention.staffResumeSubscription, async (request) => resumeSubscription(app, staff(request.user), request.params.id));
  registerRoute(app, retention.presentRetentionOffer, async (request) => presentRetentionOffer(app, request.user.id, request.params.id));
  registerRoute(app, retention.acceptRetentionOffer, async (request) => acceptRetentionOffer(app, actorOf(request.user), request.params.id));
  registerRoute(app, retention.getRetentionOffer, async () => staffRetentionOffer(app.db));
  registerRoute(app, retention.saveRetentionOffer, async (request) => saveRetentionOffer(app, actorOf(request.user), request.body));
}
