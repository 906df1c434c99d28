import { errorBodySchema } from '../errors.ts';
import { launchChecklistSchema } from '../launch-checklist.ts';
import { projectParamsSchema } from '../projects.ts';
import { defineRoute } from '../route.ts';
import { storeListingDraftSchema, storeListingRefusalSchema, storeListingSchema } from '../store-listing.ts';
import { topics } from '../topics.ts';

const tags = ['projects'];
const reads = { 401: errorBodySchema, 404: errorBodySchema };
const staffReads = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const getStoreListing = defineRoute({
  method: 'GET',
  path: '/api/projects/:projectId/store-listing',
  auth: 'user',
  tags,
  summary: "The store listing of one of the signed-in user's projects, with what is still missing",
  params: projectParamsSchema,
  responses: { 200: storeListingSchema, ...reads },
  topic: topics.projects,
});

export const saveStoreListing = defineRoute({
  method: 'PUT',
  path: '/api/projects/:projectId/store-listing',
  auth: 'user',
  tags,
  summary: 'Saves the store listing as a draft: empty fields are allowed, wrong ones are refused',
  description:
    'Lengths, addresses, the category and the images (store-listing-image uploads of this project, sizes read from their bytes) are checked; a refusal is 400 LISTING_INVALID with `fields`: every field concerned with its message.',
  params: projectParamsSchema,
  body: storeListingDraftSchema,
  responses: { 200: storeListingSchema, 400: storeListingRefusalSchema, ...reads },
  topic: topics.projects,
});

export const getStaffStoreListing = defineRoute({
  method: 'GET',
  path: '/api/staff/projects/:projectId/store-listing',
  auth: 'staff',
  tags: ['staff'],
  summary: "A project's store listing: ready, or what is missing, and the details filled",
  params: projectParamsSchema,
  responses: { 200: storeListingSchema, ...staffReads },
  topic: topics.projects,
});

export const getLaunchChecklist = defineRoute({
  method: 'GET',
  path: '/api/projects/:projectId/launch-checklist',
  auth: 'user',
  tags,
  summary: 'What must be true before the project goes to the stores, each item with the page where it is fixed',
  params: projectParamsSchema,
  responses: { 200: launchChecklistSchema, ...reads },
  topic: topics.projects,
});

export const getStaffLaunchChecklist = defineRoute({
  method: 'GET',
  path: '/api/staff/projects/:projectId/launch-checklist',
  auth: 'staff',
  tags: ['staff'],
  summary: "A project's launch checklist, each item with the console section where it is seen to",
  params: projectParamsSchema,
  responses: { 200: launchChecklistSchema, ...staffReads },
  topic: topics.projects,
});

export const storeListingRoutes = { getStoreListing, saveStoreListing, getStaffStoreListing, getLaunchChecklist, getStaffLaunchChecklist };
