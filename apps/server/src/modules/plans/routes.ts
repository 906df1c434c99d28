import type { FastifyInstance } from 'fastify';
import { planRoutes as route } from '@portal/contracts/routes';
import { sessionUser } from '../../platform/auth/session.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { createPlan, deletePlan, listPlansForStaff, movePlan, updatePlan } from './editor.ts';
import { getPlan, plansOnSale } from './service.ts';

/** The plans on sale, and staff's editor of every plan (admins only). Price changes are billing's (they mail subscribers). */
export async function planRoutes(app: FastifyInstance) {
  registerRoute(app, route.listPlans, async () => ({ plans: await plansOnSale(app.db) }));
  registerRoute(app, route.getPlan, async (request) =>
    getPlan(app.db, request.params.id, (await sessionUser(request))?.id ?? null),
  );

  registerRoute(app, route.listStaffPlans, async () => listPlansForStaff(app.db));
  registerRoute(app, route.createPlan, async (request, reply) =>
    reply.code(201).send(await createPlan(app.db, request.user, request.body, app.clock())),
  );
  registerRoute(app, route.updatePlan, async (request) => updatePlan(app.db, request.user, request.params.planId, request.body, app.clock()));
  registerRoute(app, route.movePlan, async (request) =>
    movePlan(app.db, request.user, request.params.planId, request.body.direction, app.clock()),
  );
  registerRoute(app, route.deletePlan, async (request, reply) => {
    await deletePlan(app.db, request.user, request.params.planId, app.clock());
    return reply.code(204).send(null);
  });
}
