import type { FastifyInstance } from 'fastify';
import { staffRoutes as route } from '@portal/contracts/routes';
import { requireFreshSignIn } from '../../platform/auth/reauthentication.ts';
import { registerRoute } from '../../platform/http/route.ts';
import * as account from '../account/index.ts';
import * as audit from '../audit/index.ts';
import * as plans from '../plans/index.ts';
import * as projects from '../projects/index.ts';
import * as support from '../support/index.ts';
import { customerOf, listCustomers } from './customers.ts';
import { createOrPromoteStaff } from './service.ts';
import { listOutboxForUser } from '../../platform/mail/outbox.ts';

/**
 * The staff API: the support inbox, customers, projects and the audit log. Every route is `auth: 'staff'` or, for
 * admins only, `auth: 'admin'` (customers get 403, agents too on the latter); every write is audited in its own
 * transaction.
 */
export async function staffRoutes(app: FastifyInstance) {
  registerRoute(app, route.listStaffChats, async (request) => support.listChatsForStaff(app.db, { ...request.query, viewerId: request.user.id }));
  registerRoute(app, route.getStaffChat, async (request) => support.getChatForStaff(app.db, request.user, request.params.chatId, request.query));
  registerRoute(app, route.replyToChat, async (request, reply) => {
    const message = await support.sendMessage(app.db, request.user, request.params.chatId, request.body, app.clock(), 'support', request.user);
    return reply.code(201).send(message);
  });
  registerRoute(app, route.markChatRead, async (request, reply) => {
    await support.markChatRead(app.db, request.user, request.params.chatId, app.clock());
    return reply.code(204).send();
  });
  registerRoute(app, route.closeChat, async (request) => support.setChatStatus(app.db, request.user, request.params.chatId, 'CLOSED', app.clock()));
  registerRoute(app, route.reopenChat, async (request) => support.setChatStatus(app.db, request.user, request.params.chatId, 'OPEN', app.clock()));

  registerRoute(app, route.listStaffCustomers, async (request) => listCustomers(app.db, request.query));
  registerRoute(app, route.getStaffCustomer, async (request) => customerOf(app.db, request.params.userId));
  registerRoute(app, route.listCustomerAudit, async (request) => audit.listAudit(app.db, { customerId: request.params.userId }, request.query));
  registerRoute(app, route.listStaffAudit, async (request) => {
    const { cursor, limit, ...filter } = request.query;
    return audit.listAudit(app.db, filter, { cursor, limit });
  });
  registerRoute(app, route.listCustomerMail, async (request) => listOutboxForUser(app.db, request.params.userId, request.query));

  registerRoute(app, route.listStaffProjects, async (request) => projects.listProjectsForStaff(app.db, request.query));
  registerRoute(app, route.getStaffProject, async (request) => projects.getProjectForStaff(app.db, request.params.projectId));
  registerRoute(app, route.createProject, async (request, reply) =>
    reply.code(201).send(await projects.createProject(app, request.user, request.body, app.clock())),
  );
  registerRoute(app, route.updateProject, async (request) =>
    projects.updateProject(app, request.user, request.params.projectId, request.body, app.clock()),
  );

  registerRoute(app, route.listStaffDeletionRequests, async (request) => account.listDeletionRequestsForStaff(app.db, request.query));
  registerRoute(app, route.refuseDeletionRequest, async (request) =>
    account.refuseDeletionRequest(app, request.user, request.params.requestId, request.body.reason),
  );
  registerRoute(app, route.carryOutDeletionRequest, async (request) => {
    await requireFreshSignIn(request);
    return account.carryOutDeletionRequest(app, request.user, request.params.requestId);
  });

  registerRoute(app, route.listStaffPlans, async () => plans.listPlansForStaff(app.db));
  registerRoute(app, route.createPlan, async (request, reply) =>
    reply.code(201).send(await plans.createPlan(app.db, request.user, request.body, app.clock())),
  );
  registerRoute(app, route.updatePlan, async (request) => plans.updatePlan(app.db, request.user, request.params.planId, request.body, app.clock()));
  registerRoute(app, route.movePlan, async (request) =>
    plans.movePlan(app.db, request.user, request.params.planId, request.body.direction, app.clock()),
  );
  registerRoute(app, route.deletePlan, async (request, reply) => {
    await plans.deletePlan(app.db, request.user, request.params.planId, app.clock());
    return reply.code(204).send(null);
  });

  registerRoute(app, route.createStaff, async (request) => createOrPromoteStaff(app.db, request.body, app.clock()));
}
