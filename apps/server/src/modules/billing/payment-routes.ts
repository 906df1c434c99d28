import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutRequestSchema,
  paymentListSchema,
  paymentSchema,
  paymentsConfigSchema,
  promoRequestSchema,
  promoResultSchema,
} from '@portal/contracts/billing';
import { errorBodySchema } from '@portal/contracts/errors';
import { requireUser } from '../../platform/auth/session.ts';
import { notFound } from '../../platform/http/errors.ts';
import { LOCAL_SQUARE, squareCredentials, squareSdkUrl } from '../../platform/square/local.ts';
import { PLAN_NOT_FOUND, startCheckout } from './checkout-service.ts';
import { findPayment, listPayments } from './payments-repository.ts';
import { findPlan } from './plans.ts';
import { evaluatePromo } from './promo.ts';
import { perSession } from './rate-limit.ts';
import { firstAnswer, toPayment } from './views.ts';

const params = z.object({ id: z.string().min(1).max(100) });
const tags = ['billing'];

export async function paymentRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const credentials = squareCredentials(app.config);
  const local = credentials.environment === 'local';

  app.get(
    '/api/payments/config',
    { schema: { tags, summary: 'Client ids for the card form (spec §7 getSquareClientIds)', response: { 200: paymentsConfigSchema, 401: errorBodySchema } } },
    async (request) => {
      await requireUser(request);
      return {
        environment: credentials.environment,
        applicationId: credentials.applicationId,
        locationId: credentials.locationId,
        sdkUrl: squareSdkUrl(credentials.environment),
        tokenizeUrl: local ? `${LOCAL_SQUARE.basePath}/v2/card-nonce` : null,
      };
    },
  );

  app.post(
    '/api/promo-codes/validate',
    {
      schema: {
        tags,
        summary: 'Check a promo code for a plan and price it (spec §7 validateAndApplyPromoCode)',
        description: 'A refused code answers 200 with a status other than "success" and the reason in message.',
        body: promoRequestSchema,
        response: { 200: promoResultSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await requireUser(request);
      const plan = await findPlan(app.db, request.body.serviceId);
      if (!plan) throw notFound(PLAN_NOT_FOUND);
      return (await evaluatePromo(app.db, request.body.promoCode, plan, app.clock())).result;
    },
  );

  app.post(
    '/api/checkout',
    {
      schema: {
        tags,
        summary: 'Start a purchase: a Pending payment, charged right after (watch GET /api/payments/:id)',
        description:
          'The server prices the plan and the promo code. The same idempotencyKey never makes a second payment: it answers what the first request answered (202, the payment as it was created).',
        body: checkoutRequestSchema,
        response: { 202: paymentSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
      config: perSession(30),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { payment, created } = await startCheckout(app, user, request.body);
      // A replay answers what the first request answered; the payment's state since is at GET /api/payments/:id.
      return reply.code(202).send(created ? payment : firstAnswer(payment));
    },
  );

  app.get(
    '/api/payments',
    { schema: { tags, summary: "The user's payments, newest first (spec §3 UserPayments)", response: { 200: paymentListSchema, 401: errorBodySchema } } },
    async (request) => {
      const user = await requireUser(request);
      return { payments: (await listPayments(app.db, user.id)).map(toPayment) };
    },
  );

  app.get(
    '/api/payments/:id',
    { schema: { tags, summary: 'One of the user’s payments', params, response: { 200: paymentSchema, 401: errorBodySchema, 404: errorBodySchema } } },
    async (request) => {
      const user = await requireUser(request);
      const row = await findPayment(app.db, user.id, request.params.id);
      if (!row) throw notFound('Payment not found.');
      return toPayment(row);
    },
  );
}
