import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@portal/contracts/errors';
import { projectListQuerySchema, projectListSchema, projectParamsSchema, projectSchema } from '@portal/contracts/projects';
import { requireUser } from '../../platform/auth/session.ts';
import * as service from './service.ts';

/** The customer's projects (spec §2 /my-projects, /projects/{projectId}; §7 getUserProjects). */
export async function projectRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];
  // Signed-in users only, checked before the input is.
  app.addHook('preValidation', async (request) => {
    await requireUser(request);
  });

  app.get(
    '/api/projects',
    {
      schema: {
        tags,
        summary: "getUserProjects: the signed-in user's projects, created newest first",
        querystring: projectListQuerySchema,
        response: { 200: projectListSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { projects: await service.listOwnProjects(app.db, user.id) };
    },
  );

  app.get(
    '/api/projects/:projectId',
    {
      schema: {
        tags,
        summary: 'One of the signed-in user\'s projects',
        params: projectParamsSchema,
        response: { 200: projectSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return service.getOwnProject(app.db, user.id, request.params.projectId);
    },
  );
}
