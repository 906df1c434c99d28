import type { FastifyInstance } from 'fastify';
import { staffRoutes as route } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import * as projects from '../projects/index.ts';
import * as support from '../support/index.ts';
import { createOrPromoteStaff } from './service.ts';

/** The staff API: answer and close support chats, create and update customers' projects. Customers get 403. */
export async function staffRoutes(app: FastifyInstance) {
  registerRoute(app, route.listStaffChats, async (request) => ({
    chats: await support.listChatsForStaff(app.db, request.query.status),
  }));
  registerRoute(app, route.getStaffChat, async (request) => support.getChatForStaff(app.db, request.user, request.params.chatId));
  registerRoute(app, route.replyToChat, async (request, reply) => {
    const message = await support.sendMessage(app.db, request.user, request.params.chatId, request.body, app.clock(), 'support');
    return reply.code(201).send(message);
  });
  registerRoute(app, route.closeChat, async (request) => support.setChatStatus(app.db, request.user, request.params.chatId, 'CLOSED'));
  registerRoute(app, route.reopenChat, async (request) => support.setChatStatus(app.db, request.user, request.params.chatId, 'OPEN'));

  registerRoute(app, route.listStaffProjects, async (request) => ({
    projects: await projects.listProjectsForStaff(app.db, request.query.ownerId),
  }));
  registerRoute(app, route.createProject, async (request, reply) =>
    reply.code(201).send(await projects.createProject(app, request.body, app.clock())),
  );
  registerRoute(app, route.updateProject, async (request) =>
    projects.updateProject(app, request.params.projectId, request.body, app.clock()),
  );

  registerRoute(app, route.createStaff, async (request) => createOrPromoteStaff(app.db, request.body, app.clock()));
}
