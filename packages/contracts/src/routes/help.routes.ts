import { errorBodySchema } from '../errors.ts';
import {
  faqInputSchema,
  faqListSchema,
  faqParamsSchema,
  faqSchema,
  guideInputSchema,
  guideParamsSchema,
  helpGuideListSchema,
  helpGuideSchema,
} from '../help.ts';
import { defineRoute, noContent } from '../route.ts';
import { planMoveSchema } from '../plans.ts';
import { topics } from '../topics.ts';

/** Help content: FAQs and help guides for signed-in readers, under the content tag. */
const readTags = ['content'];

export const listFaqs = defineRoute({
  method: 'GET',
  path: '/api/faqs',
  auth: 'user',
  tags: readTags,
  summary: 'Frequently asked questions (signed in)',
  responses: { 200: faqListSchema },
  topic: topics.faqs,
});

export const listHelpGuides = defineRoute({
  method: 'GET',
  path: '/api/help-guides',
  auth: 'user',
  tags: readTags,
  summary: 'Help guides by category, then title (signed in)',
  responses: { 200: helpGuideListSchema },
  topic: topics.helpGuides,
});

/** The staff editors of FAQs and help guides; staff read both lists through the customers' routes. */
const tags = ['staff'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const createFaq = defineRoute({
  method: 'POST',
  path: '/api/staff/faqs',
  auth: 'staff',
  tags,
  summary: 'New FAQ, placed last',
  body: faqInputSchema,
  responses: { 201: faqSchema, ...errors },
  topic: topics.faqs,
});

export const updateFaq = defineRoute({
  method: 'PUT',
  path: '/api/staff/faqs/:faqId',
  auth: 'staff',
  tags,
  summary: "Change a FAQ's question and answer",
  params: faqParamsSchema,
  body: faqInputSchema,
  responses: { 200: faqSchema, ...errors },
  topic: topics.faqs,
});

export const moveFaq = defineRoute({
  method: 'POST',
  path: '/api/staff/faqs/:faqId/move',
  auth: 'staff',
  tags,
  summary: 'Move a FAQ one place up or down; the answer is every FAQ in the new order',
  params: faqParamsSchema,
  body: planMoveSchema,
  responses: { 200: faqListSchema, ...errors },
  topic: topics.faqs,
});

export const deleteFaq = defineRoute({
  method: 'DELETE',
  path: '/api/staff/faqs/:faqId',
  auth: 'staff',
  tags,
  summary: 'Delete a FAQ',
  params: faqParamsSchema,
  responses: { 204: noContent, ...errors },
  topic: topics.faqs,
});

export const createHelpGuide = defineRoute({
  method: 'POST',
  path: '/api/staff/help-guides',
  auth: 'staff',
  tags,
  summary: 'New help guide (last updated: now); guides are shown by category, then title',
  body: guideInputSchema,
  responses: { 201: helpGuideSchema, ...errors },
  topic: topics.helpGuides,
});

export const updateHelpGuide = defineRoute({
  method: 'PUT',
  path: '/api/staff/help-guides/:guideId',
  auth: 'staff',
  tags,
  summary: "Change a help guide's fields (last updated: now)",
  params: guideParamsSchema,
  body: guideInputSchema,
  responses: { 200: helpGuideSchema, ...errors },
  topic: topics.helpGuides,
});

export const deleteHelpGuide = defineRoute({
  method: 'DELETE',
  path: '/api/staff/help-guides/:guideId',
  auth: 'staff',
  tags,
  summary: 'Delete a help guide',
  params: guideParamsSchema,
  responses: { 204: noContent, ...errors },
  topic: topics.helpGuides,
});

export const helpRoutes = { listFaqs, listHelpGuides, createFaq, updateFaq, moveFaq, deleteFaq, createHelpGuide, updateHelpGuide, deleteHelpGuide };
