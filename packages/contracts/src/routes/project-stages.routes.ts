import { errorBodySchema, staffErrors as errors } from '../errors.ts';
import {
  newProjectStageSchema,
  projectStageChangesSchema,
  projectStageListSchema,
  projectStageParamsSchema,
  projectStageSchema,
  stageTemplateInputSchema,
  stageTemplateListSchema,
  stageTemplateOrderSchema,
  stageTemplateParamsSchema,
  stageTemplateSchema,
} from '../project-stages.ts';
import { projectParamsSchema } from '../projects.ts';
import { defineRoute, noContent } from '../route.ts';
import { topics } from '../topics.ts';

const staffTags = ['staff'];

export const listOwnProjectStages = defineRoute({
  method: 'GET',
  path: '/api/projects/:projectId/stages',
  auth: 'user',
  tags: ['projects'],
  summary: "The build stages of one of the signed-in user's projects, in order, with the current one",
  params: projectParamsSchema,
  responses: { 200: projectStageListSchema, 401: errorBodySchema, 404: errorBodySchema },
  topic: topics.projects,
});

export const listStageTemplates = defineRoute({
  method: 'GET',
  path: '/api/staff/stage-templates',
  auth: 'staff',
  tags: staffTags,
  summary: 'The build stages every new project starts with, in order',
  responses: { 200: stageTemplateListSchema, ...errors },
  topic: topics.stageTemplates,
});

export const createStageTemplate = defineRoute({
  method: 'POST',
  path: '/api/staff/stage-templates',
  auth: 'staff',
  tags: staffTags,
  summary: 'New stage, last, for projects created from now on (409 TOO_MANY_STAGES past the limit)',
  body: stageTemplateInputSchema,
  responses: { 201: stageTemplateSchema, ...errors },
  topic: topics.stageTemplates,
});

export const updateStageTemplate = defineRoute({
  method: 'PUT',
  path: '/api/staff/stage-templates/:stageTemplateId',
  auth: 'staff',
  tags: staffTags,
  summary: "Change a stage template's name, expected days or launch mark (existing projects keep their stages; 404 STAGE_TEMPLATE_NOT_FOUND)",
  params: stageTemplateParamsSchema,
  body: stageTemplateInputSchema,
  responses: { 200: stageTemplateSchema, ...errors },
  topic: topics.stageTemplates,
});

export const deleteStageTemplate = defineRoute({
  method: 'DELETE',
  path: '/api/staff/stage-templates/:stageTemplateId',
  auth: 'staff',
  tags: staffTags,
  summary: 'Delete a stage template: new projects no longer get the stage (404 STAGE_TEMPLATE_NOT_FOUND)',
  params: stageTemplateParamsSchema,
  responses: { 204: noContent, ...errors },
  topic: topics.stageTemplates,
});

export const reorderStageTemplates = defineRoute({
  method: 'PUT',
  path: '/api/staff/stage-template-order',
  auth: 'staff',
  tags: staffTags,
  summary: 'Put the stage templates in a new order (400 STAGE_ORDER_MISMATCH unless every template is named once)',
  body: stageTemplateOrderSchema,
  responses: { 200: stageTemplateListSchema, ...errors },
  topic: topics.stageTemplates,
});

export const listProjectStages = defineRoute({
  method: 'GET',
  path: '/api/staff/projects/:projectId/stages',
  auth: 'staff',
  tags: staffTags,
  summary: "A project's build stages, in order, with the current one",
  params: projectParamsSchema,
  responses: { 200: projectStageListSchema, ...errors },
  topic: topics.projects,
});

export const addProjectStage = defineRoute({
  method: 'POST',
  path: '/api/staff/projects/:projectId/stages',
  auth: 'staff',
  tags: staffTags,
  summary: 'Add a stage to one project, at a position or last (409 TOO_MANY_STAGES past the limit)',
  params: projectParamsSchema,
  body: newProjectStageSchema,
  responses: { 201: projectStageSchema, ...errors },
  topic: topics.projects,
});

export const updateProjectStage = defineRoute({
  method: 'PATCH',
  path: '/api/staff/projects/:projectId/stages/:stageId',
  auth: 'staff',
  tags: staffTags,
  summary: "Change one project's stage: name, expected date, reached date, position (404 STAGE_NOT_FOUND)",
  params: projectStageParamsSchema,
  body: projectStageChangesSchema,
  responses: { 200: projectStageSchema, ...errors },
  topic: topics.projects,
});

export const reachProjectStage = defineRoute({
  method: 'POST',
  path: '/api/staff/projects/:projectId/stages/:stageId/reached',
  auth: 'staff',
  tags: staffTags,
  summary: 'Mark a stage reached now: e-mails the customer, dates the next stage, publishes on a launch stage (409 STAGE_ALREADY_REACHED)',
  params: projectStageParamsSchema,
  responses: { 200: projectStageSchema, ...errors },
  topic: topics.projects,
});

export const deleteProjectStage = defineRoute({
  method: 'DELETE',
  path: '/api/staff/projects/:projectId/stages/:stageId',
  auth: 'staff',
  tags: staffTags,
  summary: "Remove a stage from one project, with its reviews (404 STAGE_NOT_FOUND)",
  params: projectStageParamsSchema,
  responses: { 204: noContent, ...errors },
  topic: topics.projects,
});

export const projectStageRoutes = {
  listOwnProjectStages,
  listStageTemplates,
  createStageTemplate,
  updateStageTemplate,
  deleteStageTemplate,
  reorderStageTemplates,
  listProjectStages,
  addProjectStage,
  updateProjectStage,
  reachProjectStage,
  deleteProjectStage,
};
