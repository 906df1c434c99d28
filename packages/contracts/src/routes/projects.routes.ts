import { errorBodySchema } from '../errors.ts';
import { projectListQuerySchema, projectListSchema, projectParamsSchema, projectSchema } from '../projects.ts';
import { defineRoute } from '../route.ts';
import { topics } from '../topics.ts';

const tags = ['projects'];

export const listProjects = defineRoute({
  method: 'GET',
  path: '/api/projects',
  auth: 'user',
  tags,
  summary: "getUserProjects: the signed-in user's projects, created newest first, 25 a page",
  query: projectListQuerySchema,
  responses: { 200: projectListSchema, 400: errorBodySchema, 401: errorBodySchema },
  topic: topics.projects,
});

export const getProject = defineRoute({
  method: 'GET',
  path: '/api/projects/:projectId',
  auth: 'user',
  tags,
  summary: "One of the signed-in user's projects",
  params: projectParamsSchema,
  responses: { 200: projectSchema, 401: errorBodySchema, 404: errorBodySchema },
  topic: topics.projects,
});

export const projectRoutes = { listProjects, getProject };
