import { z } from 'zod';
import {
  planListSchema,
  planSchema,
  planInputSchema,
  planMoveSchema,
  planParamsSchema,
  priceChangeSchema,
  staffPlanListSchema,
  staffPlanSchema,
} from '../plans.ts';
import { defineRoute, noContent } from '../route.ts';
import { topics } from '../topics.ts';
import { priceChangeInputSchema, withdrawnPriceChangeSchema } from '../price-changes.ts';
import { staffErrors } from '../errors.ts';

const tags = ['plans'];

export const listPlans = defineRoute({
  method: 'GET',
  path: '/api/plans',
  auth: 'public',
  tags,
  summary: 'Plans customers may choose, in display order',
  responses: { 200: planListSchema },
  topic: topics.plans,
});

export const getPlan = defineRoute({
  method: 'GET',
  path: '/api/plans/:id',
  auth: 'public',
  tags,
  summary: 'One plan on pricing, or one the signed-in customer subscribes to (404 otherwise)',
  params: z.object({ id: z.string().min(1).max(200) }),
  responses: { 200: planSchema },
  topic: topics.plans,
});

// Staff's side (staff only; under the staff tag in the API's documentation).

export const listStaffPlans = defineRoute({
  method: 'GET',
  path: '/api/staff/plans',
  auth: 'admin',
  tags: ['staff'],
  summary: 'Every plan, hidden ones too, in pricing order, with how many subscriptions use each',
  responses: { 200: staffPlanListSchema, ...staffErrors },
  topic: topics.plans,
});

export const createPlan = defineRoute({
  method: 'POST',
  path: '/api/staff/plans',
  auth: 'admin',
  tags: ['staff'],
  summary: 'New plan (amount in cents), placed last',
  body: planInputSchema,
  responses: { 201: staffPlanSchema, ...staffErrors },
  topic: topics.plans,
});

export const updatePlan = defineRoute({
  method: 'PUT',
  path: '/api/staff/plans/:planId',
  auth: 'admin',
  tags: ['staff'],
  summary: "Change a plan's fields or hide it (existing subscriptions keep what they bought)",
  params: planParamsSchema,
  body: planInputSchema,
  responses: { 200: staffPlanSchema, ...staffErrors },
  topic: topics.plans,
});

export const movePlan = defineRoute({
  method: 'POST',
  path: '/api/staff/plans/:planId/move',
  auth: 'admin',
  tags: ['staff'],
  summary: 'Move a plan one place up or down in pricing order',
  params: planParamsSchema,
  body: planMoveSchema,
  responses: { 200: staffPlanListSchema, ...staffErrors },
  topic: topics.plans,
});

export const deletePlan = defineRoute({
  method: 'DELETE',
  path: '/api/staff/plans/:planId',
  auth: 'admin',
  tags: ['staff'],
  summary: 'Delete a plan no subscription uses (409 PLAN_IN_USE otherwise: hide it instead)',
  params: planParamsSchema,
  responses: { 204: noContent, ...staffErrors },
  topic: topics.plans,
});

export const schedulePriceChange = defineRoute({
  method: 'POST',
  path: '/api/staff/plans/:planId/price-change',
  auth: 'admin',
  tags: ['staff'],
  summary:
    'Announce a new price for a plan from a date at least 30 days away (400 PRICE_CHANGE_NOTICE_TOO_SHORT otherwise); every subscriber is mailed at once and again 7 days before, and renews at it from the first renewal on or after the date',
  params: planParamsSchema,
  body: priceChangeInputSchema,
  responses: { 201: priceChangeSchema, ...staffErrors },
  topic: topics.plans,
});

export const withdrawPriceChange = defineRoute({
  method: 'DELETE',
  path: '/api/staff/plans/:planId/price-change',
  auth: 'admin',
  tags: ['staff'],
  summary:
    'Withdraw the price change waiting for a plan before its date (409 NO_PRICE_CHANGE_WAITING, PRICE_CHANGE_IN_EFFECT otherwise): every subscriber told is mailed that the price stays, and renews at it',
  params: planParamsSchema,
  responses: { 200: withdrawnPriceChangeSchema, ...staffErrors },
  topic: topics.plans,
});

export const planRoutes = { listPlans, getPlan, listStaffPlans, createPlan, updatePlan, movePlan, deletePlan, schedulePriceChange, withdrawPriceChange };
