import { z } from 'zod';
import { errorBodySchema } from '../errors.ts';
import { defineRoute } from '../route.ts';
import { pageQuerySchema } from '../page.ts';
import { customerParamsSchema } from '../staff.ts';
import {
  cancelRequestSchema,
  churnByReasonSchema,
  staffCancelSchema,
  staffExtendSchema,
  staffReactivateSchema,
  subscriptionListQuerySchema,
  subscriptionListSchema,
  subscriptionSchema,
} from '../subscriptions.ts';
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

// The staff's side: a customer's subscriptions on their page, the actions staff take there (each asks why, and is
// written to the audit log with who and when), and the overview's churn.
const staffTags = ['staff'];
const customerPageErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const listCustomerSubscriptions = defineRoute({
  method: 'GET',
  path: '/api/staff/customers/:userId/subscriptions',
  auth: 'staff',
  tags: staffTags,
  summary: "A customer's subscriptions (with cancellation reasons and renewal failures), newest start first, a page at a time",
  params: customerParamsSchema,
  query: pageQuerySchema,
  responses: { 200: subscriptionListSchema, ...customerPageErrors },
  topic: topics.subscriptions,
});

export const staffCancelSubscription = defineRoute({
  method: 'POST',
  path: '/api/staff/subscriptions/:id/cancel',
  auth: 'admin',
  tags: staffTags,
  summary: "Cancel a customer's active subscription now or at the end of its paid period, with the customer's reason",
  description: 'now: the paid period ends at once (a refund is a separate action). 409 NOT_ACTIVE when it is not active.',
  params,
  body: staffCancelSchema,
  responses: { 200: subscriptionSchema, ...customerPageErrors, 409: errorBodySchema },
  topic: topics.subscriptions,
});

export const staffReactivateSubscription = defineRoute({
  method: 'POST',
  path: '/api/staff/subscriptions/:id/reactivate',
  auth: 'admin',
  tags: staffTags,
  summary: 'Reactivate a cancelled subscription inside its paid period, at no charge',
  description: '409 PAYMENT_REQUIRED once the paid period has ended (the customer reactivates through checkout).',
  params,
  body: staffReactivateSchema,
  responses: { 200: subscriptionSchema, ...customerPageErrors, 409: errorBodySchema },
  topic: topics.subscriptions,
});

export const staffExtendSubscription = defineRoute({
  method: 'POST',
  path: '/api/staff/subscriptions/:id/extend',
  auth: 'admin',
  tags: staffTags,
  summary: 'Goodwill credit: move an active subscription’s due date on by whole days, at no charge; the customer is e-mailed',
  description:
    '409 DUE_DATE_CHANGED when the due date is no longer fromDueDate (extended already, or renewed), NOT_ACTIVE when it is not active, PAYMENT_IN_PROGRESS while one of its payments is in flight.',
  params,
  body: staffExtendSchema,
  responses: { 200: subscriptionSchema, ...customerPageErrors, 409: errorBodySchema },
  topic: topics.subscriptions,
});

export const getChurnByReason = defineRoute({
  method: 'GET',
  path: '/api/staff/overview/churn',
  auth: 'staff',
  tags: staffTags,
  summary: 'Subscriptions cancelled in the last 90 days and still cancelled, counted by the reason given',
  responses: { 200: churnByReasonSchema, ...customerPageErrors },
  topic: topics.subscriptions,
});

export const subscriptionRoutes = {
  listSubscriptions,
  getSubscription,
  cancelSubscription,
  reactivateSubscription,
  listCustomerSubscriptions,
  staffCancelSubscription,
  staffReactivateSubscription,
  staffExtendSubscription,
  getChurnByReason,
};
