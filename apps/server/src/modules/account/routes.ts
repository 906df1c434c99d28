import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionStateSchema } from '@portal/contracts/auth';
import { sessionUser, toMe } from '../../platform/auth/session.ts';
import { hasActiveSubscription } from './repository.ts';

export async function accountRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/me',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in user, and where spec §4 sends them after sign-in',
        response: { 200: sessionStateSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await sessionUser(request);
      if (!user) return { user: null, landing: null };
      const active = await hasActiveSubscription(app.db, user.id);
      return { user: toMe(user), landing: active ? ('/dashboard' as const) : ('/select-plan' as const) };
    },
  );
}
