import type { FastifyInstance } from 'fastify';
import { projectRoutes as route } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import * as service from './service.ts';

/** Projects: the customer's own (spec §2 /my-projects, /projects/{projectId}; §7 getUserProjects), and staff's list and editor. */
export async function projectRoutes(app: FastifyInstance) {
  registerRoute(app, route.listProjects, async (request) => service.listOwnProjects(app.db, request.user.id, request.query));
  registerRoute(app, route.getProject, async (request) =>
    service.getOwnProject(app.db, request.user.id, request.params.projectId),
  );

  registerRoute(app, route.listStaffProjects, async (request) => service.listProjectsForStaff(app.db, request.query));
  registerRoute(app, route.getStaffProject, async (request) => service.getProjectForStaff(app.db, request.params.projectId));
  registerRoute(app, route.createProject, async (request, reply) =>
    reply.code(201).send(await service.createProject(app, request.user, request.body, app.clock())),
  );
  registerRoute(app, route.updateProject, async (request) =>
    service.updateProject(app, request.user, request.params.projectId, request.body, app.clock()),
  );
}
