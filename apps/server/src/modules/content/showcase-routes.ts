import type { FastifyInstance } from 'fastify';
import { showcaseRoutes as route } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import * as showcase from './showcase.ts';

/** The portfolio and the "Trusted by" names for everyone, and their staff editors. */
export async function showcaseRoutes(app: FastifyInstance) {
  registerRoute(app, route.listPortfolio, async () => ({ entries: await showcase.portfolio(app.db) }));
  registerRoute(app, route.listTrustedBy, async () => ({ businesses: await showcase.trustedBy(app.db) }));

  registerRoute(app, route.createPortfolioEntry, async (request, reply) =>
    reply.code(201).send(await showcase.createPortfolioEntry(app.db, request.user, request.body, app.clock())),
  );
  registerRoute(app, route.updatePortfolioEntry, async (request) =>
    showcase.updatePortfolioEntry(app.db, request.user, request.params.entryId, request.body, app.clock()),
  );
  registerRoute(app, route.movePortfolioEntry, async (request) =>
    showcase.movePortfolioEntry(app.db, request.user, request.params.entryId, request.body.direction, app.clock()),
  );
  registerRoute(app, route.deletePortfolioEntry, async (request, reply) => {
    await showcase.deletePortfolioEntry(app.db, request.user, request.params.entryId, app.clock());
    return reply.code(204).send(null);
  });

  registerRoute(app, route.createTrustedBusiness, async (request, reply) =>
    reply.code(201).send(await showcase.createTrustedBusiness(app.db, request.user, request.body, app.clock())),
  );
  registerRoute(app, route.updateTrustedBusiness, async (request) =>
    showcase.updateTrustedBusiness(app.db, request.user, request.params.businessId, request.body, app.clock()),
  );
  registerRoute(app, route.moveTrustedBusiness, async (request) =>
    showcase.moveTrustedBusiness(app.db, request.user, request.params.businessId, request.body.direction, app.clock()),
  );
  registerRoute(app, route.deleteTrustedBusiness, async (request, reply) => {
    await showcase.deleteTrustedBusiness(app.db, request.user, request.params.businessId, app.clock());
    return reply.code(204).send(null);
  });
}
