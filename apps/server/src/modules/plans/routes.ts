import type { FastifyInstance } from 'fastify';
import { planRoutes as route } from '@portal/contracts/routes';
import { sessionUser } from '../../platform/auth/session.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { getPlan, plansOnSale } from './service.ts';

export async function planRoutes(app: FastifyInstance) {
  registerRoute(app, route.listPlans, async () => ({ plans: await plansOnSale(app.db) }));
  registerRoute(app, route.getPlan, async (request) =>
    getPlan(app.db, request.params.id, (await sessionUser(request))?.id ?? null),
  );
}
