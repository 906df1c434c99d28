import { errorBodySchema } from '../errors.ts';
import { defineRoute, noContent } from '../route.ts';
import {
  portfolioEntryInputSchema,
  portfolioEntryParamsSchema,
  portfolioEntrySchema,
  portfolioListSchema,
  trustedBusinessInputSchema,
  trustedBusinessParamsSchema,
  trustedBusinessSchema,
  trustedByListSchema,
} from '../showcase.ts';
import { planMoveSchema } from '../plans.ts';
import { topics } from '../topics.ts';

/** The portfolio and the "Trusted by" names: read by everyone, written by staff. */
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const listPortfolio = defineRoute({
  method: 'GET',
  path: '/api/portfolio',
  auth: 'public',
  tags: ['content'],
  summary: 'The portfolio entries, in order',
  responses: { 200: portfolioListSchema },
  topic: topics.portfolio,
});

export const listTrustedBy = defineRoute({
  method: 'GET',
  path: '/api/trusted-by',
  auth: 'public',
  tags: ['content'],
  summary: 'The businesses named in the landing page\'s "Trusted by" strip, in order',
  responses: { 200: trustedByListSchema },
  topic: topics.trustedBy,
});

const staffTags = ['staff'];

export const createPortfolioEntry = defineRoute({
  method: 'POST',
  path: '/api/staff/portfolio',
  auth: 'staff',
  tags: staffTags,
  summary: 'New portfolio entry, placed last',
  body: portfolioEntryInputSchema,
  responses: { 201: portfolioEntrySchema, ...errors },
  topic: topics.portfolio,
});

export const updatePortfolioEntry = defineRoute({
  method: 'PUT',
  path: '/api/staff/portfolio/:entryId',
  auth: 'staff',
  tags: staffTags,
  summary: 'Change a portfolio entry',
  params: portfolioEntryParamsSchema,
  body: portfolioEntryInputSchema,
  responses: { 200: portfolioEntrySchema, ...errors },
  topic: topics.portfolio,
});

export const movePortfolioEntry = defineRoute({
  method: 'POST',
  path: '/api/staff/portfolio/:entryId/move',
  auth: 'staff',
  tags: staffTags,
  summary: 'Move a portfolio entry one place up or down; the answer is every entry in the new order',
  params: portfolioEntryParamsSchema,
  body: planMoveSchema,
  responses: { 200: portfolioListSchema, ...errors },
  topic: topics.portfolio,
});

export const deletePortfolioEntry = defineRoute({
  method: 'DELETE',
  path: '/api/staff/portfolio/:entryId',
  auth: 'staff',
  tags: staffTags,
  summary: 'Delete a portfolio entry',
  params: portfolioEntryParamsSchema,
  responses: { 204: noContent, ...errors },
  topic: topics.portfolio,
});

export const createTrustedBusiness = defineRoute({
  method: 'POST',
  path: '/api/staff/trusted-by',
  auth: 'staff',
  tags: staffTags,
  summary: 'New name in the "Trusted by" strip, placed last',
  body: trustedBusinessInputSchema,
  responses: { 201: trustedBusinessSchema, ...errors },
  topic: topics.trustedBy,
});

export const updateTrustedBusiness = defineRoute({
  method: 'PUT',
  path: '/api/staff/trusted-by/:businessId',
  auth: 'staff',
  tags: staffTags,
  summary: 'Change a name in the "Trusted by" strip',
  params: trustedBusinessParamsSchema,
  body: trustedBusinessInputSchema,
  responses: { 200: trustedBusinessSchema, ...errors },
  topic: topics.trustedBy,
});

export const moveTrustedBusiness = defineRoute({
  method: 'POST',
  path: '/api/staff/trusted-by/:businessId/move',
  auth: 'staff',
  tags: staffTags,
  summary: 'Move a name of the "Trusted by" strip one place; the answer is every name in the new order',
  params: trustedBusinessParamsSchema,
  body: planMoveSchema,
  responses: { 200: trustedByListSchema, ...errors },
  topic: topics.trustedBy,
});

export const deleteTrustedBusiness = defineRoute({
  method: 'DELETE',
  path: '/api/staff/trusted-by/:businessId',
  auth: 'staff',
  tags: staffTags,
  summary: 'Take a name out of the "Trusted by" strip',
  params: trustedBusinessParamsSchema,
  responses: { 204: noContent, ...errors },
  topic: topics.trustedBy,
});

export const showcaseRoutes = {
  listPortfolio,
  listTrustedBy,
  createPortfolioEntry,
  updatePortfolioEntry,
  movePortfolioEntry,
  deletePortfolioEntry,
  createTrustedBusiness,
  updateTrustedBusiness,
  moveTrustedBusiness,
  deleteTrustedBusiness,
};
