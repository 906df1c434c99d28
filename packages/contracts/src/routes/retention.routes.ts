import { z } from 'zod';
import { errorBodySchema, staffErrors } from '../errors.ts';
import { defineRoute } from '../route.ts';
import { pauseRequestSchema, presentedOfferSchema, retentionOfferInputSchema, staffRetentionOfferSchema } from '../retention.ts';
import { subscriptionSchema } from '../subscriptions.ts';
import { topics } from '../topics.ts';

/** Pause and resume (issue 24 point 1) and the retention offer of the cancel flow (point 2). */
const tags = ['subscriptions'];
const params = z.object({ id: z.string().min(1).max(100) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const pauseSubscription = defineRoute({
  method: 'POST',
  path: '/api/subscriptions/:id/pause',
  auth: 'user',
  tags,
  summary: 'Pause an active subscription for 1, 2 or 3 months: nothing is charged until it resumes, and the due date moves by the paused time',
  params,
  body: pauseRequestSchema,
  responses: { 200: subscriptionSchema, ...errors },
  topic: topics.subscriptions,
});

export const resumeSubscription = defineRoute({
  method: 'POST',
  path: '/api/subscriptions/:id/resume',
  auth: 'user',
  tags,
  summary: 'Resume a paused subscription before its date; the due date moves by the time it was paused',
  params,
  responses: { 200: subscriptionSchema, ...errors },
  topic: topics.subscriptions,
});

export const staffPauseSubscription = defineRoute({
  method: 'POST',
  path: '/api/staff/subscriptions/:id/pause',
  auth: 'admin',
  tags: ['staff'],
  summary: "Pause a customer's active subscription for 1, 2 or 3 months (audited)",
  params,
  body: pauseRequestSchema,
  responses: { 200: subscriptionSchema, ...staffErrors },
});

export const staffResumeSubscription = defineRoute({
  method: 'POST',
  path: '/api/staff/subscriptions/:id/resume',
  auth: 'admin',
  tags: ['staff'],
  summary: "Resume a customer's paused subscription now (audited)",
  params,
  responses: { 200: subscriptionSchema, ...staffErrors },
});

export const presentRetentionOffer = defineRoute({
  method: 'POST',
  path: '/api/subscriptions/:id/retention-offer',
  auth: 'user',
  tags,
  summary: 'The retention offer the cancel flow shows before the reasons: given once per subscription, and counted as shown',
  params,
  responses: { 200: presentedOfferSchema, ...errors },
  topic: topics.subscriptions,
});

export const acceptRetentionOffer = defineRoute({
  method: 'POST',
  path: '/api/subscriptions/:id/retention-offer/accept',
  auth: 'user',
  tags,
  summary: 'Accept the retention offer shown: the coming renewals are discounted (audited)',
  params,
  responses: { 200: subscriptionSchema, ...errors },
  topic: topics.subscriptions,
});

export const getRetentionOffer = defineRoute({
  method: 'GET',
  path: '/api/staff/retention-offer',
  auth: 'staff',
  tags: ['staff'],
  summary: 'The retention offer and how it did: offers shown, accepted, and cancellations avoided',
  responses: { 200: staffRetentionOfferSchema, ...staffErrors },
});

export const saveRetentionOffer = defineRoute({
  method: 'PUT',
  path: '/api/staff/retention-offer',
  auth: 'admin',
  tags: ['staff'],
  summary: 'Define the one retention offer (percentage off the next 1–12 renewals), or turn it off (audited)',
  body: retentionOfferInputSchema,
  responses: { 200: staffRetentionOfferSchema, ...staffErrors },
});

export const retentionRoutes = {
  pauseSubscription,
  resumeSubscription,
  staffPauseSubscription,
  staffResumeSubscription,
  presentRetentionOffer,
  acceptRetentionOffer,
  getRetentionOffer,
  saveRetentionOffer,
};
