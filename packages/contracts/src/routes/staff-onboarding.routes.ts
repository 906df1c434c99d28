import { errorBodySchema } from '../errors.ts';
import { bannerSchema, formItemSchema } from '../onboarding.ts';
import { defineRoute, noContent } from '../route.ts';
import {
  bannerInputSchema,
  bannerParamsSchema,
  questionInputSchema,
  questionMoveSchema,
  questionParamsSchema,
  staffQuestionListSchema,
} from '../staff-onboarding.ts';
import { topics } from '../topics.ts';

const tags = ['staff'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const createBanner = defineRoute({
  method: 'POST',
  path: '/api/staff/banners',
  auth: 'staff',
  tags,
  summary: 'New featured banner: an image uploaded as banner-image, its link and words; shown first (newest)',
  body: bannerInputSchema,
  responses: { 201: bannerSchema, ...errors },
  topic: topics.banners,
});

export const updateBanner = defineRoute({
  method: 'PUT',
  path: '/api/staff/banners/:bannerId',
  auth: 'staff',
  tags,
  summary: "Change a banner's link, words or image (a replaced uploaded image is deleted)",
  params: bannerParamsSchema,
  body: bannerInputSchema,
  responses: { 200: bannerSchema, ...errors },
  topic: topics.banners,
});

export const deleteBanner = defineRoute({
  method: 'DELETE',
  path: '/api/staff/banners/:bannerId',
  auth: 'staff',
  tags,
  summary: 'Delete a banner and its uploaded image',
  params: bannerParamsSchema,
  responses: { 204: noContent, ...errors },
  topic: topics.banners,
});

export const listStaffQuestions = defineRoute({
  method: 'GET',
  path: '/api/staff/questions',
  auth: 'staff',
  tags,
  summary: "The questionnaire's questions in order, unsupported types too",
  responses: { 200: staffQuestionListSchema, ...errors },
  topic: topics.questionnaire,
});

export const createQuestion = defineRoute({
  method: 'POST',
  path: '/api/staff/questions',
  auth: 'staff',
  tags,
  summary: 'New question, placed last; options only for checkbox, multiple choice and dropdown',
  body: questionInputSchema,
  responses: { 201: formItemSchema, ...errors },
  topic: topics.questionnaire,
});

export const updateQuestion = defineRoute({
  method: 'PUT',
  path: '/api/staff/questions/:questionId',
  auth: 'staff',
  tags,
  summary: 'Change a question (answers already sent keep the prompt and option texts they were given)',
  params: questionParamsSchema,
  body: questionInputSchema,
  responses: { 200: formItemSchema, ...errors },
  topic: topics.questionnaire,
});

export const moveQuestion = defineRoute({
  method: 'POST',
  path: '/api/staff/questions/:questionId/move',
  auth: 'staff',
  tags,
  summary: 'Move a question one place up or down',
  params: questionParamsSchema,
  body: questionMoveSchema,
  responses: { 200: staffQuestionListSchema, ...errors },
  topic: topics.questionnaire,
});

export const deleteQuestion = defineRoute({
  method: 'DELETE',
  path: '/api/staff/questions/:questionId',
  auth: 'staff',
  tags,
  summary: 'Delete a question (answers already sent keep it)',
  params: questionParamsSchema,
  responses: { 204: noContent, ...errors },
  topic: topics.questionnaire,
});

export const staffOnboardingRoutes = {
  createBanner,
  updateBanner,
  deleteBanner,
  listStaffQuestions,
  createQuestion,
  updateQuestion,
  moveQuestion,
  deleteQuestion,
};
