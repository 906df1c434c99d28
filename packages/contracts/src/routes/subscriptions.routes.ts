import { z } from 'zod';
import { errorBodySchema } from '../errors.ts';
import { defineRoute } from '../route.ts';
import { cancelRequestSchema, subscriptionListQuerySchema, subscriptionListSchema, subscriptionSchema } from '../subscriptions.ts';
import { topics } from '../topics.ts';

const tags = ['subscriptions'];
const params = z.object({ id: z.string().min(1).max(100) });
const errors = { 401: errorBodySchema, 404: errorBodySchema };

export const listSubscriptions = defineRoute({
  method: 'GET',
  path: '/api/subscriptions',
  auth: 'user',
  tags,
  summary: "The user's subscriptions, newest start first, 25 a page; status=active for the active ones only",
  query: subscriptionListQuerySchema,
  responses: { 200: subscriptionListSchema, 400: errorBodySchema, 401: errorBodySchema },
  topic: topics.subscriptions,
});

export const getSubscription = defineRoute({
  method: 'GET',
  path: '/api/subscriptions/:id',
  auth: 'user',
  tags,
  summary: 'One of the user’s subscriptions',
  params,
  responses: { 200: subscriptionSchema, ...errors },
  topic: topics.subscriptions,
});

export const cancelSubscription = defineRoute({
  method: 'POST',
  path: '/api/subscriptions/:id/cancel',
  auth: 'user',
  tags,
  summary: 'Cancel an active subscription (spec §7 cancelSubscription); the paid period is kept',
  description: 'The body gives the reason (and a comment, required for "other"); it is stored and shown to staff.',
  params,
  body: cancelRequestSchema.nullish(),
  responses: { 200: subscriptionSchema, 400: errorBodySchema, ...errors, 409: errorBodySchema },
  topic: topics.subscriptions,
});

export const reactivateSubscription = defineRoute({
  method: 'POST',
  path: '/api/subscriptions/:id/reactivate',
  auth: 'user',
  tags,
  summary: 'Reactivate a cancelled subscription inside its paid period, at no charge (spec §7 reactivateSubscription)',
  description: 'After the due date, or after non-payment, reactivation goes through POST /api/checkout in REACTIVATE_SUBSCRIPTION mode.',
  params,
  responses: { 200: subscriptionSchema, ...errors, 409: errorBodySchema },
  topic: topics.subscriptions,
});

export const subscriptionRoutes = { listSubscriptions, getSubscription, cancelSubscription, reactivateSubscription };
