import { z } from 'zod';
import {
  actionCenterSchema,
  bannerInputSchema,
  bannerListSchema,
  bannerParamsSchema,
  bannerSchema,
  completionStepsSchema,
  formItemSchema,
  formSubmissionSchema,
  questionInputSchema,
  questionMoveSchema,
  questionParamsSchema,
  questionnaireDraftInputSchema,
  questionnaireDraftSchema,
  questionnaireRefusalSchema,
  questionnaireSchema,
  questionnaireSubmitSchema,
  seedSubscriptionSchema,
  seededSubscriptionSchema,
  staffQuestionListSchema,
  newStepSchema,
  staffQuestionnaireListSchema,
  staffStepUpdateSchema,
} from '../onboarding.ts';
import { errorBodySchema } from '../errors.ts';
import { customerParamsSchema } from '../staff.ts';
import { pageQuerySchema } from '../page.ts';
import { defineRoute, noContent } from '../route.ts';
import { topics } from '../topics.ts';

const tags = ['onboarding'];
const id = z.string().min(1).max(200);
const subscriptionParams = z.object({ subscriptionId: id });
const stepParams = z.object({ subscriptionId: id, stepId: id });

export const listBanners = defineRoute({
  method: 'GET',
  path: '/api/banners',
  auth: 'public',
  tags,
  summary: 'Featured banners, newest first (spec §9)',
  responses: { 200: bannerListSchema },
  topic: topics.banners,
});

export const getActionCenter = defineRoute({
  method: 'GET',
  path: '/api/dashboard/actions',
  auth: 'user',
  tags,
  summary: 'The Action Center of the signed-in user (spec §4)',
  responses: { 200: actionCenterSchema },
  topic: topics.dashboard,
});

export const getQuestionnaire = defineRoute({
  method: 'GET',
  path: '/api/questionnaire/:subscriptionId',
  auth: 'user',
  tags,
  summary: 'The business questionnaire of an own subscription: questions by order, and the saved answers if any',
  params: subscriptionParams,
  responses: { 200: questionnaireSchema },
  topic: topics.questionnaire,
});

export const submitQuestionnaire = defineRoute({
  method: 'PUT',
  path: '/api/questionnaire/:subscriptionId',
  auth: 'user',
  tags,
  summary: 'Submits (or resubmits) the answers; image answers are /api/files URLs of questionnaire-image uploads',
  description:
    'A refusal of answers is 400 INVALID_ANSWERS with `questions`: every question concerned, by id, with its own code and message. Submitting clears the draft.',
  params: subscriptionParams,
  body: questionnaireSubmitSchema,
  responses: { 200: formSubmissionSchema, 400: questionnaireRefusalSchema, 404: errorBodySchema },
  topic: topics.questionnaire,
});

export const saveQuestionnaireDraft = defineRoute({
  method: 'PUT',
  path: '/api/questionnaire/:subscriptionId/draft',
  auth: 'user',
  tags,
  summary: "Keeps the answers entered so far as the questionnaire's draft, replacing the previous draft",
  description:
    'Answers to questions no longer in the questionnaire are left out. Too much text is 400 DRAFT_TOO_LARGE; a save from before the latest submit is 409 QUESTIONNAIRE_SUBMITTED.',
  params: subscriptionParams,
  body: questionnaireDraftInputSchema,
  responses: { 200: questionnaireDraftSchema, 400: questionnaireRefusalSchema, 404: errorBodySchema, 409: errorBodySchema },
  topic: topics.questionnaire,
});

export const getCompletionSteps = defineRoute({
  method: 'GET',
  path: '/api/completion-steps/:subscriptionId',
  auth: 'user',
  tags,
  summary: 'Setup steps of an own subscription by StepIndex, with completed of total',
  params: subscriptionParams,
  responses: { 200: completionStepsSchema },
  topic: topics.steps,
});

export const completeStep = defineRoute({
  method: 'POST',
  path: '/api/completion-steps/:subscriptionId/:stepId/complete',
  auth: 'user',
  tags,
  summary: 'Marks a step completed, storing the completion time',
  params: stepParams,
  responses: { 200: completionStepsSchema },
  topic: topics.steps,
});

export const reopenStep = defineRoute({
  method: 'POST',
  path: '/api/completion-steps/:subscriptionId/:stepId/reopen',
  auth: 'user',
  tags,
  summary: 'Undoes "Mark as Completed": the step is pending again and its completion time is cleared',
  params: stepParams,
  responses: { 200: completionStepsSchema },
  topic: topics.steps,
});

export const setStepStatus = defineRoute({
  method: 'PATCH',
  path: '/api/staff/subscriptions/:subscriptionId/steps/:stepId',
  auth: 'staff',
  tags: ['staff'],
  summary: "Sets a subscription's setup step status, details or place (staff; 400 UNKNOWN_STEP_PLACE for a place the portal does not have); the customer's pages update live",
  params: stepParams,
  body: staffStepUpdateSchema,
  responses: { 204: noContent, 400: errorBodySchema, 404: errorBodySchema },
  topic: topics.steps,
});

export const getStaffSteps = defineRoute({
  method: 'GET',
  path: '/api/staff/subscriptions/:subscriptionId/steps',
  auth: 'staff',
  tags: ['staff'],
  summary: "Any customer's subscription's setup steps (staff)",
  params: subscriptionParams,
  responses: { 200: completionStepsSchema, 404: errorBodySchema },
  topic: topics.steps,
});

export const addStep = defineRoute({
  method: 'POST',
  path: '/api/staff/subscriptions/:subscriptionId/steps',
  auth: 'staff',
  tags: ['staff'],
  summary: "Adds a setup step at the end of a subscription's steps, optionally naming a place (staff)",
  params: subscriptionParams,
  body: newStepSchema,
  responses: { 200: completionStepsSchema, 400: errorBodySchema, 404: errorBodySchema },
  topic: topics.steps,
});

export const seedSubscription = defineRoute({
  method: 'POST',
  path: '/api/operator/onboarding/subscriptions',
  auth: 'operator',
  tags: ['operator'],
  summary:
    'Creates an ACTIVE subscription with its setup steps for an account, as a paid checkout would (operator token, loopback)',
  body: seedSubscriptionSchema,
  responses: { 201: seededSubscriptionSchema },
});

// The console's editors of banners and questions (was staff-onboarding.routes.ts, decision 0073).
const staffTags = ['staff'];
const staffErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const createBanner = defineRoute({
  method: 'POST',
  path: '/api/staff/banners',
  auth: 'staff',
  tags: staffTags,
  summary: 'New featured banner: an image uploaded as banner-image, its link and words; shown first (newest)',
  body: bannerInputSchema,
  responses: { 201: bannerSchema, ...staffErrors },
  topic: topics.banners,
});

export const updateBanner = defineRoute({
  method: 'PUT',
  path: '/api/staff/banners/:bannerId',
  auth: 'staff',
  tags: staffTags,
  summary: "Change a banner's link, words or image (a replaced uploaded image is deleted)",
  params: bannerParamsSchema,
  body: bannerInputSchema,
  responses: { 200: bannerSchema, ...staffErrors },
  topic: topics.banners,
});

export const deleteBanner = defineRoute({
  method: 'DELETE',
  path: '/api/staff/banners/:bannerId',
  auth: 'staff',
  tags: staffTags,
  summary: 'Delete a banner and its uploaded image',
  params: bannerParamsSchema,
  responses: { 204: noContent, ...staffErrors },
  topic: topics.banners,
});

export const listStaffQuestions = defineRoute({
  method: 'GET',
  path: '/api/staff/questions',
  auth: 'staff',
  tags: staffTags,
  summary: "The questionnaire's questions in order, unsupported types too",
  responses: { 200: staffQuestionListSchema, ...staffErrors },
  topic: topics.questionnaire,
});

export const createQuestion = defineRoute({
  method: 'POST',
  path: '/api/staff/questions',
  auth: 'staff',
  tags: staffTags,
  summary: 'New question, placed last; options only for checkbox, multiple choice and dropdown',
  body: questionInputSchema,
  responses: { 201: formItemSchema, ...staffErrors },
  topic: topics.questionnaire,
});

export const updateQuestion = defineRoute({
  method: 'PUT',
  path: '/api/staff/questions/:questionId',
  auth: 'staff',
  tags: staffTags,
  summary: 'Change a question (answers already sent keep the prompt and option texts they were given)',
  params: questionParamsSchema,
  body: questionInputSchema,
  responses: { 200: formItemSchema, ...staffErrors },
  topic: topics.questionnaire,
});

export const moveQuestion = defineRoute({
  method: 'POST',
  path: '/api/staff/questions/:questionId/move',
  auth: 'staff',
  tags: staffTags,
  summary: 'Move a question one place up or down',
  params: questionParamsSchema,
  body: questionMoveSchema,
  responses: { 200: staffQuestionListSchema, ...staffErrors },
  topic: topics.questionnaire,
});

export const deleteQuestion = defineRoute({
  method: 'DELETE',
  path: '/api/staff/questions/:questionId',
  auth: 'staff',
  tags: staffTags,
  summary: 'Delete a question (answers already sent keep it)',
  params: questionParamsSchema,
  responses: { 204: noContent, ...staffErrors },
  topic: topics.questionnaire,
});

// A customer's submitted answers on the staff's customer page.
export const listCustomerQuestionnaires = defineRoute({
  method: 'GET',
  path: '/api/staff/customers/:userId/questionnaires',
  auth: 'staff',
  tags: ['staff'],
  summary: "A customer's submitted questionnaire answers, newest first, a page at a time",
  params: customerParamsSchema,
  query: pageQuerySchema,
  responses: { 200: staffQuestionnaireListSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
  topic: topics.questionnaire,
});

export const onboardingRoutes = {
  listBanners,
  getActionCenter,
  getQuestionnaire,
  submitQuestionnaire,
  saveQuestionnaireDraft,
  getCompletionSteps,
  completeStep,
  reopenStep,
  setStepStatus,
  seedSubscription,
  getStaffSteps,
  addStep,
  createBanner,
  updateBanner,
  deleteBanner,
  listStaffQuestions,
  createQuestion,
  updateQuestion,
  moveQuestion,
  deleteQuestion,
  listCustomerQuestionnaires,
};
