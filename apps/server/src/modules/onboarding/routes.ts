import type { FastifyInstance } from 'fastify';
import { onboardingRoutes as route, stepTemplateRoutes as templateRoute } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import { createStepTemplate, deleteStepTemplate, listStepTemplates, updateStepTemplate } from '../subscriptions/index.ts';
import { loadQuestionnaire, submitQuestionnaire } from './questionnaire.ts';
import { saveQuestionnaireDraft } from './questionnaire-draft.ts';
import {
  actionCenter,
  markStep,
  completionSteps,
  listBanners,
  seedSubscription,
  addStepAsStaff,
  staffSteps,
  updateStepAsStaff,
} from './service.ts';
import { onboardingEditorRoutes } from './staff-routes.ts';

/** Dashboard (banners, Action Center), business questionnaire, completion steps, and seeding for demos. */
export async function onboardingRoutes(app: FastifyInstance) {

  registerRoute(app, route.listBanners, async () => ({ banners: await listBanners(app.db) }));
  registerRoute(app, route.getActionCenter, async (request) => ({ actions: await actionCenter(app.db, request.user.id, app.actionSources) }));
  registerRoute(app, route.getQuestionnaire, async (request) =>
    loadQuestionnaire(app, request.user, request.params.subscriptionId),
  );
  registerRoute(app, route.submitQuestionnaire, async (request) =>
    submitQuestionnaire(app, request.user, request.params.subscriptionId, request.body.answers),
  );
  registerRoute(app, route.saveQuestionnaireDraft, async (request) =>
    saveQuestionnaireDraft(app, request.user, request.params.subscriptionId, request.body),
  );
  registerRoute(app, route.getCompletionSteps, async (request) =>
    completionSteps(app.db, request.user, request.params.subscriptionId),
  );
  registerRoute(app, route.completeStep, async (request) =>
    markStep(app, request.user, request.params.subscriptionId, request.params.stepId, true),
  );
  registerRoute(app, route.reopenStep, async (request) =>
    markStep(app, request.user, request.params.subscriptionId, request.params.stepId, false),
  );
  registerRoute(app, route.setStepStatus, async (request, reply) => {
    await updateStepAsStaff(app, request.user, request.params.subscriptionId, request.params.stepId, request.body);
    return reply.code(204).send();
  });
  registerRoute(app, route.getStaffSteps, async (request) => staffSteps(app.db, request.params.subscriptionId));
  registerRoute(app, route.addStep, async (request) =>
    addStepAsStaff(app, request.user, request.params.subscriptionId, request.body),
  );
  // Staff: the setup-step templates editor (/staff/step-templates).
  registerRoute(app, templateRoute.listStepTemplates, async () => listStepTemplates(app.db));
  registerRoute(app, templateRoute.createStepTemplate, async (request, reply) =>
    reply.code(201).send(await createStepTemplate(app.db, request.user, request.body, app.clock())),
  );
  registerRoute(app, templateRoute.updateStepTemplate, async (request) =>
    updateStepTemplate(app.db, request.user, request.params.templateId, request.body, app.clock()),
  );
  registerRoute(app, templateRoute.deleteStepTemplate, async (request, reply) => {
    await deleteStepTemplate(app.db, request.user, request.params.templateId, app.clock());
    return reply.code(204).send(null);
  });
  registerRoute(app, route.seedSubscription, async (request, reply) =>
    reply.code(201).send({ subscriptionId: await seedSubscription(app, request.body.email, request.body.planId) }),
  );
  await onboardingEditorRoutes(app);
}
