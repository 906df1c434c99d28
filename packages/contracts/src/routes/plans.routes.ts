import { z } from 'zod';
import { planListSchema, planSchema } from '../plans.ts';
import { defineRoute } from '../route.ts';
import { topics } from '../topics.ts';

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

export const planRoutes = { listPlans, getPlan };
