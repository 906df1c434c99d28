import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { seedSubscriptionSchema, seededSubscriptionSchema } from '@portal/contracts/onboarding';
import { requireOperator } from '../../platform/http/operator.ts';
import { seedSubscription } from './service.ts';

/** Loopback-only seeding for demos and browser tests (operator token). */
export async function onboardingOperatorRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (request) => requireOperator(request));

  app.post(
    '/api/operator/onboarding/subscriptions',
    {
      schema: {
        tags: ['operator'],
        summary:
          'Creates an ACTIVE subscription with its setup steps for an account, as a paid checkout would (operator token, loopback)',
        body: seedSubscriptionSchema,
        response: { 201: seededSubscriptionSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ subscriptionId: await seedSubscription(app, request.body.email, request.body.planId) }),
  );
}
