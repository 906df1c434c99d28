import { z } from 'zod';
import { cardListSchema, paymentListSchema, paymentSchema } from '../billing.ts';
import { errorBodySchema } from '../errors.ts';
import { pageQuerySchema } from '../page.ts';
import { defineRoute } from '../route.ts';
import { customerParamsSchema, staffQuestionnaireListSchema } from '../staff.ts';
import {
  churnByReasonSchema,
  staffCancelSchema,
  staffExtendSchema,
  staffReactivateSchema,
  staffRetryRenewalSchema,
  subscriptionListSchema,
  subscriptionSchema,
} from '../subscriptions.ts';
import { topics } from '../topics.ts';

const tags = ['staff'];
const idParams = z.object({ id: z.string().min(1).max(100) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

// A customer's page, section by section: each newest first, a page at a time (nothing is cut off).

export const listCustomerSubscriptions = defineRoute({
  method: 'GET',
  path: '/api/staff/customers/:userId/subscriptions',
  auth: 'staff',
  tags,
  summary: "A customer's subscriptions (with cancellation reasons and renewal failures), newest start first, a page at a time",
  params: customerParamsSchema,
  query: pageQuerySchema,
  responses: { 200: subscriptionListSchema, ...errors },
  topic: topics.subscriptions,
});

export const listCustomerPayments = defineRoute({
  method: 'GET',
  path: '/api/staff/customers/:userId/payments',
  auth: 'staff',
  tags,
  summary: "A customer's payments (with what was refunded of each, and disputes), newest first, a page at a time",
  params: customerParamsSchema,
  query: pageQuerySchema,
  responses: { 200: paymentListSchema, ...errors },
  topic: topics.payments,
});

export const listCustomerCards = defineRoute({
  method: 'GET',
  path: '/api/staff/customers/:userId/cards',
  auth: 'staff',
  tags,
  summary: "A customer's saved cards (never a token), newest first, a page at a time, with the default card",
  params: customerParamsSchema,
  query: pageQuerySchema,
  responses: { 200: cardListSchema, ...errors },
  topic: topics.cards,
});

export const listCustomerQuestionnaires = defineRoute({
  method: 'GET',
  path: '/api/staff/customers/:userId/questionnaires',
  auth: 'staff',
  tags,
  summary: "A customer's submitted questionnaire answers, newest first, a page at a time",
  params: customerParamsSchema,
  query: pageQuerySchema,
  responses: { 200: staffQuestionnaireListSchema, ...errors },
  topic: topics.questionnaire,
});

// Billing actions. Each asks why, and is written to the audit log with who and when.

export const staffCancelSubscription = defineRoute({
  method: 'POST',
  path: '/api/staff/subscriptions/:id/cancel',
  auth: 'admin',
  tags,
  summary: "Cancel a customer's active subscription now or at the end of its paid period, with the customer's reason",
  description: 'now: the paid period ends at once (a refund is a separate action). 409 NOT_ACTIVE when it is not active.',
  params: idParams,
  body: staffCancelSchema,
  responses: { 200: subscriptionSchema, ...errors, 409: errorBodySchema },
  topic: topics.subscriptions,
});

export const staffReactivateSubscription = defineRoute({
  method: 'POST',
  path: '/api/staff/subscriptions/:id/reactivate',
  auth: 'admin',
  tags,
  summary: 'Reactivate a cancelled subscription inside its paid period, at no charge',
  description: '409 PAYMENT_REQUIRED once the paid period has ended (the customer reactivates through checkout).',
  params: idParams,
  body: staffReactivateSchema,
  responses: { 200: subscriptionSchema, ...errors, 409: errorBodySchema },
  topic: topics.subscriptions,
});

export const staffExtendSubscription = defineRoute({
  method: 'POST',
  path: '/api/staff/subscriptions/:id/extend',
  auth: 'admin',
  tags,
  summary: 'Goodwill credit: move an active subscription’s due date on by whole days, at no charge; the customer is e-mailed',
  description:
    '409 DUE_DATE_CHANGED when the due date is no longer fromDueDate (extended already, or renewed), NOT_ACTIVE when it is not active, PAYMENT_IN_PROGRESS while one of its payments is in flight.',
  params: idParams,
  body: staffExtendSchema,
  responses: { 200: subscriptionSchema, ...errors, 409: errorBodySchema },
  topic: topics.subscriptions,
});

export const staffRetryRenewal = defineRoute({
  method: 'POST',
  path: '/api/staff/subscriptions/:id/retry-renewal',
  auth: 'admin',
  tags,
  summary: 'Charge a failed renewal now, with the subscription’s card; never charges twice',
  description: 'While the retry is in flight the same payment is answered again. 409 NOTHING_DUE when no renewal failed.',
  params: idParams,
  body: staffRetryRenewalSchema,
  responses: { 202: paymentSchema, ...errors, 409: errorBodySchema },
  topic: topics.payments,
});

export const getChurnByReason = defineRoute({
  method: 'GET',
  path: '/api/staff/overview/churn',
  auth: 'staff',
  tags,
  summary: 'Subscriptions cancelled in the last 90 days and still cancelled, counted by the reason given',
  responses: { 200: churnByReasonSchema, ...errors },
  topic: topics.subscriptions,
});

export const staffBillingRoutes = {
  listCustomerSubscriptions,
  listCustomerPayments,
  listCustomerCards,
  listCustomerQuestionnaires,
  staffCancelSubscription,
  staffReactivateSubscription,
  staffExtendSubscription,
  staffRetryRenewal,
  getChurnByReason,
};
