import type { FastifyInstance } from 'fastify';
import { projectReviewRoutes as route } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import * as reviews from './reviews.ts';

/** A project's previews and the customer's decisions on them (issue 27, decision 0075). */
export async function projectReviewRoutes(app: FastifyInstance) {
  registerRoute(app, route.listProjectReviews, async (request) => reviews.listOwnReviews(app.db, request.user.id, request.params.projectId));
  registerRoute(app, route.decideProjectReview, async (request, reply) =>
    reply.code(201).send(await reviews.decide(app, request.user, request.params.projectId, request.body, app.clock())),
  );
  registerRoute(app, route.listStaffProjectReviews, async (request) => reviews.listReviewsForStaff(app.db, request.params.projectId));
  registerRoute(app, route.postProjectPreview, async (request, reply) =>
    reply.code(201).send(await reviews.postPreview(app, request.user, request.params.projectId, request.body, app.clock())),
  );
}
