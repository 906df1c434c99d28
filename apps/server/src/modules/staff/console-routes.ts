import type { FastifyInstance } from 'fastify';
import { staffConsoleRoutes as route } from '@portal/contracts/routes';
import { requireFreshSignIn } from '../../platform/auth/reauthentication.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { staffOverview } from './overview.ts';
import { acceptInvitation, changeStaffRole, checkInvitation, inviteStaff, listTeam, removeStaff, revokeInvitation } from './team.ts';

/** The overview and the team with its roles (decision 0058), and the invitation links' public side. */
export async function staffConsoleRoutes(app: FastifyInstance) {
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
