import { errorBodySchema, staffErrors } from '../errors.ts';
import { projectReviewsSchema, postPreviewSchema, reviewDecisionSchema } from '../project-reviews.ts';
import { projectParamsSchema } from '../projects.ts';
import { defineRoute } from '../route.ts';
import { topics } from '../topics.ts';

const tags = ['projects'];
const customerErrors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const listProjectReviews = defineRoute({
  method: 'GET',
  path: '/api/projects/:projectId/reviews',
  auth: 'user',
  tags,
  summary: "The review history of one of the signed-in user's projects: its stages and every preview and decision in order",
  params: projectParamsSchema,
  responses: { 200: projectReviewsSchema, 401: errorBodySchema, 404: errorBodySchema },
  topic: topics.projects,
});

export const decideProjectReview = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/reviews/decisions',
  auth: 'user',
  tags,
  summary: "Approve a stage's open round, or ask for changes with a comment and marked-up screenshots",
  params: projectParamsSchema,
  body: reviewDecisionSchema,
  responses: { 201: projectReviewsSchema, ...customerErrors },
  topic: topics.projects,
});

export const listStaffProjectReviews = defineRoute({
  method: 'GET',
  path: '/api/staff/projects/:projectId/reviews',
  auth: 'staff',
  tags,
  summary: "A project's review history: its stages and every preview and decision in order",
  params: projectParamsSchema,
  responses: { 200: projectReviewsSchema, ...staffErrors },
  topic: topics.projects,
});

export const postProjectPreview = defineRoute({
  method: 'POST',
  path: '/api/staff/projects/:projectId/reviews/previews',
  auth: 'staff',
  tags,
  summary: 'Post a preview to a stage (images, a short video, a link to a web build; a note): opens its next round',
  params: projectParamsSchema,
  body: postPreviewSchema,
  responses: { 201: projectReviewsSchema, ...staffErrors },
  topic: topics.projects,
});

export const projectReviewRoutes = { listProjectReviews, decideProjectReview, listStaffProjectReviews, postProjectPreview };
