import type { FastifyInstance } from 'fastify';
import { projectRoutes as route } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import { PROJECT_LOGO_PURPOSE } from '@portal/contracts/staff';
import { registerUploadPurpose } from '../uploads/index.ts';
import * as service from './service.ts';
import { projectLogoPurpose } from './upload-purpose.ts';

/** The customer's projects (spec §2 /my-projects, /projects/{projectId}; §7 getUserProjects). */
export async function projectRoutes(app: FastifyInstance) {
  registerUploadPurpose(PROJECT_LOGO_PURPOSE, projectLogoPurpose);
  registerRoute(app, route.listProjects, async (request) => service.listOwnProjects(app.db, request.user.id, request.query));
  registerRoute(app, route.getProject, async (request) =>
    service.getOwnProject(app.db, request.user.id, request.params.projectId),
  );
}
