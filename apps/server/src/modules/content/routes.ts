import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deletionRequestInputSchema,
  deletionRequestSchema,
  faqListSchema,
  helpGuideListSchema,
} from '@portal/contracts/content';
import { planListSchema, planSchema } from '@portal/contracts/plans';
import { requireUser, sessionUser } from '../../platform/auth/session.ts';
import { AppError } from '../../platform/http/errors.ts';
import { listFaqs, listVisiblePlans } from './repository.ts';
import { getPlan, helpGuides, requestAccountDeletion } from './service.ts';

/** Guests may file this many deletion requests per client address per hour; signed-in users are not limited. */
export const GUEST_DELETION_REQUESTS_PER_HOUR = 5;

export async function contentRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/plans',
    {
      schema: {
        tags: ['content'],
        summary: 'Plans customers may choose, in display order',
        response: { 200: planListSchema },
      },
    },
    async () => ({ plans: await listVisiblePlans(app.db) }),
  );

  app.get(
    '/api/plans/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'One plan on pricing, or one the signed-in customer subscribes to (404 otherwise)',
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: planSchema },
      },
    },
    async (request) => getPlan(app.db, request.params.id, (await sessionUser(request))?.id ?? null),
  );

  app.get(
    '/api/faqs',
    {
      schema: {
        tags: ['content'],
        summary: 'Frequently asked questions (signed in)',
        security: [{ session: [] }],
        response: { 200: faqListSchema },
      },
    },
    async (request) => {
      await requireUser(request);
      return { faqs: await listFaqs(app.db) };
    },
  );

  app.get(
    '/api/help-guides',
    {
      schema: {
        tags: ['content'],
        summary: 'Help guides by category, then title (signed in)',
        security: [{ session: [] }],
        response: { 200: helpGuideListSchema },
      },
    },
    async (request) => {
      await requireUser(request);
      return { guides: await helpGuides(app.db) };
    },
  );

  app.post(
    '/api/account-deletion-requests',
    {
      schema: {
        tags: ['content'],
        summary: 'Request deletion of an account and its data (as the signed-in user, or as a guest)',
        body: deletionRequestInputSchema,
        response: { 201: deletionRequestSchema },
      },
      config: {
        rateLimit: {
          max: GUEST_DELETION_REQUESTS_PER_HOUR,
          timeWindow: 60 * 60 * 1000,
          allowList: async (request) => Boolean(await sessionUser(request)),
          errorResponseBuilder: () =>
            new AppError(
              429,
              'RATE_LIMITED',
              'Too many deletion requests from this address. Please try again later.',
            ),
        },
      },
    },
    async (request, reply) => {
      const user = await sessionUser(request);
      const stored = await requestAccountDeletion(app.db, request.body, user?.id ?? null, app.clock());
      return reply.code(201).send(stored);
    },
  );
}
