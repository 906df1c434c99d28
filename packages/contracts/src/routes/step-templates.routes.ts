import { staffErrors as errors } from '../errors.ts';
import { defineRoute, noContent } from '../route.ts';
import { stepTemplateInputSchema, stepTemplateListSchema, stepTemplateParamsSchema, stepTemplateSchema } from '../step-templates.ts';
import { topics } from '../topics.ts';

const tags = ['staff'];

export const listStepTemplates = defineRoute({
  method: 'GET',
  path: '/api/staff/step-templates',
  auth: 'staff',
  tags,
  summary: 'The setup steps every new subscription starts with, by step number',
  responses: { 200: stepTemplateListSchema, ...errors },
  topic: topics.steps,
});

export const createStepTemplate = defineRoute({
  method: 'POST',
  path: '/api/staff/step-templates',
  auth: 'staff',
  tags,
  summary: 'New setup step for subscriptions created from now on (409 STEP_INDEX_TAKEN if another has its number, 400 UNKNOWN_STEP_PLACE for a place the portal does not have)',
  body: stepTemplateInputSchema,
  responses: { 201: stepTemplateSchema, ...errors },
  topic: topics.steps,
});

export const updateStepTemplate = defineRoute({
  method: 'PUT',
  path: '/api/staff/step-templates/:templateId',
  auth: 'staff',
  tags,
  summary: "Change a template's number, details or place (existing subscriptions keep the steps they copied)",
  params: stepTemplateParamsSchema,
  body: stepTemplateInputSchema,
  responses: { 200: stepTemplateSchema, ...errors },
  topic: topics.steps,
});

export const deleteStepTemplate = defineRoute({
  method: 'DELETE',
  path: '/api/staff/step-templates/:templateId',
  auth: 'staff',
  tags,
  summary: 'Delete a template: new subscriptions no longer get the step (existing ones keep theirs)',
  params: stepTemplateParamsSchema,
  responses: { 204: noContent, ...errors },
  topic: topics.steps,
});

export const stepTemplateRoutes = { listStepTemplates, createStepTemplate, updateStepTemplate, deleteStepTemplate };
