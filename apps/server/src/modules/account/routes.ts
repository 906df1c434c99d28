import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { meSchema, sessionStateSchema } from '@portal/contracts/auth';
import { profilePhotoSchema, profileUpdateSchema } from '@portal/contracts/account';
import { requireUser, sessionUser, toMe } from '../../platform/auth/session.ts';
import { registerUploadPurpose } from '../uploads/purposes.ts';
import { hasActiveSubscription } from './repository.ts';
import { changeProfile, changeProfilePhoto } from './service.ts';
import { profilePicturePurpose } from './upload-purpose.ts';

export async function accountRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  registerUploadPurpose('profile-picture', profilePicturePurpose);

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

  app.patch(
    '/api/me',
    {
      schema: {
        tags: ['account'],
        summary: 'Changes the name and phone number of the signed-in user',
        security: [{ session: [] }],
        body: profileUpdateSchema,
        response: { 200: meSchema },
      },
    },
    async (request) => changeProfile(app, await requireUser(request), request.body),
  );

  app.put(
    '/api/me/photo',
    {
      schema: {
        tags: ['account'],
        summary:
          'Makes a finished profile-picture upload (purpose profile-picture, target: own user id) the profile photo',
        security: [{ session: [] }],
        body: profilePhotoSchema,
        response: { 200: meSchema },
      },
    },
    async (request) => changeProfilePhoto(app, await requireUser(request), request.body.fileId),
  );
}
