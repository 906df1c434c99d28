import { errorBodySchema, staffErrors } from '../errors.ts';
import {
  projectListQuerySchema,
  projectListSchema,
  projectParamsSchema,
  projectSchema,
  createProjectSchema,
  staffProjectListQuerySchema,
  staffProjectListSchema,
  staffProjectSchema,
  updateProjectSchema,
} from '../projects.ts';
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

// Staff's side (staff only; under the staff tag in the API's documentation).

export const listStaffProjects = defineRoute({
  method: 'GET',
  path: '/api/staff/projects',
  auth: 'staff',
  tags: ['staff'],
  summary: "Every project (or one customer's), created newest first",
  query: staffProjectListQuerySchema,
  responses: { 200: staffProjectListSchema, ...staffErrors },
  topic: topics.projects,
});

export const getStaffProject = defineRoute({
  method: 'GET',
  path: '/api/staff/projects/:projectId',
  auth: 'staff',
  tags: ['staff'],
  summary: 'One project with its customer',
  params: projectParamsSchema,
  responses: { 200: staffProjectSchema, ...staffErrors },
  topic: topics.projects,
});

export const createProject = defineRoute({
  method: 'POST',
  path: '/api/staff/projects',
  auth: 'staff',
  tags: ['staff'],
  summary: 'Create a project for a customer (by ownerId or ownerEmail)',
  body: createProjectSchema,
  responses: { 201: staffProjectSchema, ...staffErrors },
  topic: topics.projects,
});

export const updateProject = defineRoute({
  method: 'PATCH',
  path: '/api/staff/projects/:projectId',
  auth: 'staff',
  tags: ['staff'],
  summary: 'Update a project: names, logo, notes, release status and its publish time, deliverables',
  params: projectParamsSchema,
  body: updateProjectSchema,
  responses: { 200: staffProjectSchema, ...staffErrors },
  topic: topics.projects,
});

export const projectRoutes = { listProjects, getProject, listStaffProjects, getStaffProject, createProject, updateProject };
