import { z } from 'zod';
import { contentExportSchema, importQuerySchema, importSummarySchema } from '../content.ts';
import { errorBodySchema } from '../errors.ts';
import { projectExportSchema } from '../project-export.ts';
import { projectParamsSchema } from '../projects.ts';
import { defineRoute } from '../route.ts';

export const importContent = defineRoute({
  method: 'POST',
  path: '/api/operator/content/import',
  auth: 'operator',
  tags: ['operator'],
  summary:
    'Import a realtime-database content export: all or nothing, re-imports change nothing; `replace=true` makes the collections in the file exactly the file (operator token, loopback)',
  query: importQuerySchema,
  body: z.record(z.string(), z.unknown()),
  responses: { 200: importSummarySchema },
});

const staffErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

export const importContentAsStaff = defineRoute({
  method: 'POST',
  path: '/api/staff/content/import',
  auth: 'admin',
  tags: ['staff'],
  summary:
    'Import a content export from the staff console: the same checks and result as the operator import (400 IMPORT_REJECTED lists each bad record by path); audited',
  query: importQuerySchema,
  body: z.record(z.string(), z.unknown()),
  responses: { 200: importSummarySchema, ...staffErrors },
});

export const exportContent = defineRoute({
  method: 'GET',
  path: '/api/staff/content/export',
  auth: 'admin',
  tags: ['staff'],
  summary: 'The current content as an export file that the import takes back unchanged (a download)',
  responses: { 200: contentExportSchema, ...staffErrors },
});

export const exportProject = defineRoute({
  method: 'GET',
  path: '/api/staff/projects/:projectId/export',
  auth: 'staff',
  tags: ['staff'],
  summary: "One project with its stages, every review round and its store listing, as a file the content import takes back (a download)",
  params: projectParamsSchema,
  responses: { 200: projectExportSchema, ...staffErrors, 404: errorBodySchema },
});

export const exportOwnProject = defineRoute({
  method: 'GET',
  path: '/api/projects/:projectId/export',
  auth: 'user',
  tags: ['projects'],
  summary: "One of the signed-in user's projects with its whole build history: stages, previews and decisions, store listing (a download)",
  params: projectParamsSchema,
  responses: { 200: projectExportSchema, 401: errorBodySchema, 404: errorBodySchema },
});

export const contentRoutes = { importContent, importContentAsStaff, exportContent, exportProject, exportOwnProject };
