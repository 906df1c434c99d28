import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addCardSchema, cardListSchema, cardSchema, setDefaultCardSchema } from '@portal/contracts/billing';
import { errorBodySchema } from '@portal/contracts/errors';
import { requireUser } from '../../platform/auth/session.ts';
import { perSession } from './rate-limit.ts';
import { addCard, cardListOf, cardOf, deleteCard, makeDefaultCard } from './cards-service.ts';

const params = z.object({ id: z.string().min(1).max(100) });
const tags = ['billing'];
const errors = { 401: errorBodySchema, 404: errorBodySchema };

export async function cardRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/cards',
    { schema: { tags, summary: "The user's saved cards, default first (spec §3 Cards)", response: { 200: cardListSchema, 401: errorBodySchema } } },
    async (request) => cardListOf(app, (await requireUser(request)).id),
  );

  app.post(
    '/api/cards',
    {
      schema: {
        tags,
        summary: 'Save a card from its card-form token: PendingSquareCreation, then Complete or Error (watch GET /api/cards/:id)',
        body: addCardSchema,
        response: { 202: cardSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
      config: perSession(20),
    },
    async (request, reply) => reply.code(202).send(await addCard(app, (await requireUser(request)).id, request.body.nonce)),
  );

  app.get(
    '/api/cards/:id',
    { schema: { tags, summary: 'One of the user’s cards', params, response: { 200: cardSchema, ...errors } } },
    async (request) => cardOf(app, (await requireUser(request)).id, request.params.id),
  );

  app.delete(
    '/api/cards/:id',
    { schema: { tags, summary: 'Delete a card (disabled at Square first)', params, response: { 204: z.null(), ...errors, 502: errorBodySchema } } },
    async (request, reply) => {
      await deleteCard(app, (await requireUser(request)).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/cards/default',
    {
      schema: {
        tags,
        summary: "Change the user's default card (spec §3 DefaultCard)",
        body: setDefaultCardSchema,
        response: { 200: cardListSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => makeDefaultCard(app, (await requireUser(request)).id, request.body.cardId),
  );
}
