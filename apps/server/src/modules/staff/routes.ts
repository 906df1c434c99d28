import type { FastifyInstance } from 'fastify';
import { staffRoutes as route } from '@portal/contracts/routes';
import { requireFreshSignIn } from '../../platform/auth/reauthentication.ts';
import { registerRoute } from '../../platform/http/route.ts';
import * as audit from '../audit/index.ts';
import { customerOf, listCustomers } from './customers.ts';
import { staffOverview } from './overview.ts';
import { createOrPromoteStaff } from './service.ts';
import { acceptInvitation, changeStaffRole, checkInvitation, inviteStaff, listTeam, removeStaff, revokeInvitation } from './team.ts';
import { listOutboxForUser } from '../../platform/mail/outbox.ts';

/**
 * The console's own: customers, the audit log, the mail a customer was sent, the overview, the team with its roles
 * (decision 0058) and the invitation links' public side, and the operator's staff account endpoint. Every console
 * route is `auth: 'staff'` or, for admins only, `auth: 'admin'` (customers get 403, agents too on the latter). The chats, projects, plans and deletion requests staff work on are their modules' routes.
 */
export async function staffRoutes(app: FastifyInstance) {
  registerRoute(app, route.listStaffCustomers, async (request) => listCustomers(app.db, request.query));
  registerRoute(app, route.getStaffCustomer, async (request) => customerOf(app.db, request.params.userId));
  registerRoute(app, route.listCustomerAudit, async (request) => audit.listAudit(app.db, { customerId: request.params.userId }, request.query));
  registerRoute(app, route.listStaffAudit, async (request) => {
    const { cursor, limit, ...filter } = request.query;
    return audit.listAudit(app.db, filter, { cursor, limit });
  });
  registerRoute(app, route.listCustomerMail, async (request) => listOutboxForUser(app.db, request.params.userId, request.query));

  registerRoute(app, route.createStaff, async (request) => createOrPromoteStaff(app.db, request.body, app.clock()));

  registerRoute(app, route.getStaffOverview, async () => staffOverview(app.db, app.clock()));
  registerRoute(app, route.getStaffTeam, async () => listTeam(app.db, app.clock()));
  registerRoute(app, route.inviteStaff, async (request, reply) =>
    reply.code(201).send(await inviteStaff(app, request.user, request.body, app.clock())),
  );
  registerRoute(app, route.revokeStaffInvitation, async (request, reply) => {
    await revokeInvitation(app.db, request.user, request.params.invitationId, app.clock());
    return reply.code(204).send(null);
  });
  registerRoute(app, route.removeStaff, async (request, reply) => {
    await requireFreshSignIn(request);
    await removeStaff(app.db, request.user, request.params.userId, app.clock());
    // This instance forgets the member's sessions at once; the others hear it from the database (decision 0032).
    app.sessionCache.forgetUser(request.params.userId);
    return reply.code(204).send(null);
  });
  registerRoute(app, route.changeStaffRole, async (request) => {
    await requireFreshSignIn(request);
    const member = await changeStaffRole(app.db, request.user, request.params.userId, request.body.role, app.clock());
    app.sessionCache.forgetUser(member.id);
    return member;
  });
  registerRoute(app, route.checkStaffInvitation, async (request) => checkInvitation(app.db, request.body.token, app.clock()));
  registerRoute(app, route.acceptStaffInvitation, async (request) => {
    const { email, userId } = await acceptInvitation(app.db, request.body, app.clock());
    // This instance forgets the account's ended sessions at once; the others hear it from the database (decision 0032).
    app.sessionCache.forgetUser(userId);
    return { email };
  });
}
