import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@portal/contracts/errors';
import { subscriptionListSchema, subscriptionSchema } from '@portal/contracts/subscriptions';
import { requireUser } from '../../platform/auth/session.ts';
import { cancelSubscription, reactivateSubscription, subscriptionOf, subscriptionsOf } from './service.ts';

const params = z.object({ id: z.string().min(1).max(100) });
const errors = { 401: errorBodySchema, 404: errorBodySchema };

export async function subscriptionRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['subscriptions'];

  app.get(
    '/api/subscriptions',
    { schema: { tags, summary: "The user's subscriptions, newest start first", response: { 200: subscriptionListSchema, 401: errorBodySchema } } },
    async (request) => ({ subscriptions: await subscriptionsOf(app, (await requireUser(request)).id) }),
  );

  app.get(
    '/api/subscriptions/:id',
    { schema: { tags, summary: 'One of the user’s subscriptions', params, response: { 200: subscriptionSchema, ...errors } } },
    async (request) => subscriptionOf(app, (await requireUser(request)).id, request.params.id),
  );

  app.post(
    '/api/subscriptions/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel an active subscription (spec §7 cancelSubscription); the paid period is kept',
        params,
        response: { 200: subscriptionSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => cancelSubscription(app, (await requireUser(request)).id, request.params.id),
  );

  app.post(
    '/api/subscriptions/:id/reactivate',
    {
      schema: {
        tags,
        summary: 'Reactivate a cancelled subscription inside its paid period, at no charge (spec §7 reactivateSubscription)',
        description: 'After the due date, or after non-payment, reactivation goes through POST /api/checkout in REACTIVATE_SUBSCRIPTION mode.',
        params,
        response: { 200: subscriptionSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => reactivateSubscription(app, (await requireUser(request)).id, request.params.id),
  );
}
