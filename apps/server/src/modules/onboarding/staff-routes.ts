import type { FastifyInstance } from 'fastify';
import type { PageQuery } from '@portal/contracts/page';
import { onboardingRoutes as route } from '@portal/contracts/routes';
import { pageFrom } from '../../platform/db/keyset.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { createBanner, deleteBanner, updateBanner } from './banner-editor.ts';
import { createQuestion, deleteQuestion, listQuestionsForStaff, moveQuestion, updateQuestion } from './question-editor.ts';
import { listQuestionnairesOf } from './repository.ts';

/** A page of a customer's submitted questionnaire answers, newest first, for the staff's customer page. */
async function questionnairesOf(app: Pick<FastifyInstance, 'db'>, userId: string, query: PageQuery) {
  const page = pageFrom(await listQuestionnairesOf(app.db, userId, query), query.limit);
  return {
    questionnaires: page.rows.map((q) => ({ subscriptionId: q.id, serviceTitle: q.serviceTitle, submittedTimestamp: q.submittedAt.getTime(), answers: q.answers })),
    nextCursor: page.nextCursor,
  };
}

/**
 * The console's editors of featured banners and questionnaire questions (staff only, every write audited), and the
 * customer page's questionnaire answers.
 */
export async function onboardingEditorRoutes(app: FastifyInstance) {

  registerRoute(app, route.listCustomerQuestionnaires, async (request) => questionnairesOf(app, request.params.userId, request.query));

  registerRoute(app, route.createBanner, async (request, reply) => reply.code(201).send(await createBanner(app, request.user, request.body)));
  registerRoute(app, route.updateBanner, async (request) => updateBanner(app, request.user, request.params.bannerId, request.body));
  registerRoute(app, route.deleteBanner, async (request, reply) => {
    await deleteBanner(app, request.user, request.params.bannerId);
    return reply.code(204).send();
  });

  registerRoute(app, route.listStaffQuestions, async () => listQuestionsForStaff(app.db));
  registerRoute(app, route.createQuestion, async (request, reply) => reply.code(201).send(await createQuestion(app, request.user, request.body)));
  registerRoute(app, route.updateQuestion, async (request) => updateQuestion(app, request.user, request.params.questionId, request.body));
  registerRoute(app, route.moveQuestion, async (request) => moveQuestion(app, request.user, request.params.questionId, request.body.direction));
  registerRoute(app, route.deleteQuestion, async (request, reply) => {
    await deleteQuestion(app, request.user, request.params.questionId);
    return reply.code(204).send();
  });
}
