import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actionCenterSchema,
  bannerListSchema,
  completionStepsSchema,
  formSubmissionSchema,
  questionnaireSchema,
  questionnaireSubmitSchema,
  stepStatusUpdateSchema,
} from '@portal/contracts/onboarding';
import { requireStaff, requireUser } from '../../platform/auth/session.ts';
import { registerUploadPurpose } from '../uploads/purposes.ts';
import { loadQuestionnaire, submitQuestionnaire } from './questionnaire.ts';
import { actionCenter, completeStep, completionSteps, listBanners, setStepStatusAsStaff } from './service.ts';
import { questionnaireImagePurpose } from './upload-purpose.ts';

const id = z.string().min(1).max(200);
const signedIn = { security: [{ session: [] }] };

/** Dashboard (banners, Action Center), business questionnaire and completion steps. */
export async function onboardingRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  registerUploadPurpose('questionnaire-image', questionnaireImagePurpose);

  app.get(
    '/api/banners',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Featured banners, newest first (spec §9)',
        response: { 200: bannerListSchema },
      },
    },
    async () => ({ banners: await listBanners(app.db) }),
  );

  app.get(
    '/api/dashboard/actions',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'The Action Center of the signed-in user (spec §4)',
        ...signedIn,
        response: { 200: actionCenterSchema },
      },
    },
    async (request) => ({ actions: await actionCenter(app.db, (await requireUser(request)).id) }),
  );

  app.get(
    '/api/questionnaire/:subscriptionId',
    {
      schema: {
        tags: ['onboarding'],
        summary:
          'The business questionnaire of an own subscription: questions by order, and the saved answers if any',
        ...signedIn,
        params: z.object({ subscriptionId: id }),
        response: { 200: questionnaireSchema },
      },
    },
    async (request) => loadQuestionnaire(app, await requireUser(request), request.params.subscriptionId),
  );

  app.put(
    '/api/questionnaire/:subscriptionId',
    {
      schema: {
        tags: ['onboarding'],
        summary:
          'Submits (or resubmits) the answers; image answers are /api/files URLs of questionnaire-image uploads',
        ...signedIn,
        params: z.object({ subscriptionId: id }),
        body: questionnaireSubmitSchema,
        response: { 200: formSubmissionSchema },
      },
    },
    async (request) =>
      submitQuestionnaire(
        app,
        await requireUser(request),
        request.params.subscriptionId,
        request.body.answers,
      ),
  );

  app.get(
    '/api/completion-steps/:subscriptionId',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Setup steps of an own subscription by StepIndex, with completed of total',
        ...signedIn,
        params: z.object({ subscriptionId: id }),
        response: { 200: completionStepsSchema },
      },
    },
    async (request) => completionSteps(app.db, await requireUser(request), request.params.subscriptionId),
  );

  app.post(
    '/api/completion-steps/:subscriptionId/:stepId/complete',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Marks a step completed, storing the completion time',
        ...signedIn,
        params: z.object({ subscriptionId: id, stepId: id }),
        response: { 200: completionStepsSchema },
      },
    },
    async (request) =>
      completeStep(app, await requireUser(request), request.params.subscriptionId, request.params.stepId),
  );

  app.patch(
    '/api/staff/subscriptions/:subscriptionId/steps/:stepId',
    {
      schema: {
        tags: ['staff'],
        summary: "Sets a subscription's setup step status (staff); the customer's pages update live",
        ...signedIn,
        params: z.object({ subscriptionId: id, stepId: id }),
        body: stepStatusUpdateSchema,
      },
    },
    async (request, reply) => {
      await requireStaff(request);
      await setStepStatusAsStaff(
        app,
        request.params.subscriptionId,
        request.params.stepId,
        request.body.stepStatus,
      );
      return reply.code(204).send();
    },
  );
}
