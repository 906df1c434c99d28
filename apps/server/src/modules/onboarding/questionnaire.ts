import type { FastifyInstance } from 'fastify';
import {
  ANSWER_MAX_CHARS,
  IMAGE_QUESTION_TYPES,
  QUESTIONNAIRE_REFUSALS,
  isQuestionType,
  type AnswerInput,
  type FormAnswer,
  type FormItem,
  type QuestionProblem,
  type Questionnaire,
} from '@portal/contracts/onboarding';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { SUBMIT_LIMITS, checkAnswer, invalidAnswers, requiredProblem } from './answer-checks.ts';
import { completeStepsAt } from '../subscriptions/index.ts';
import * as repo from './repository.ts';

type FormItemRow = Awaited<ReturnType<typeof repo.listFormItems>>[number];

export const toFormItem = (row: FormItemRow): FormItem => ({
  id: row.id,
  prompt: row.prompt,
  type: row.type,
  order: row.sortOrder,
  isRequired: row.isRequired,
  options: row.options,
  maxImages: row.maxImages,
});

export async function ownSubscription(db: Db, user: SessionUser, subscriptionId: string) {
  const subscription = await repo.findOwnSubscription(db, user.id, subscriptionId);
  if (!subscription) throw notFound('Subscription not found.');
  return subscription;
}

export async function loadQuestionnaire(
  app: Pick<FastifyInstance, 'db'>,
  user: SessionUser,
  subscriptionId: string,
): Promise<Questionnaire> {
  const subscription = await ownSubscription(app.db, user, subscriptionId);
  const [items, saved, draft] = await Promise.all([
    repo.listFormItems(app.db),
    repo.findSubmission(app.db, user.id, subscriptionId),
    repo.findDraft(app.db, user.id, subscriptionId),
  ]);
  return {
    subscriptionId,
    serviceTitle: subscription.serviceTitle,
    items: items.map(toFormItem),
    submission: saved
      ? {
          userId: saved.userId,
          subscriptionId: saved.subscriptionId,
          submittedAt: saved.submittedAt.getTime(),
          answers: saved.answers,
        }
      : null,
    draft: draft ? { answers: draft.answers, savedAt: draft.savedAt.getTime() } : null,
  };
}

/** The questions that can be answered, by order: questions of unsupported types are left out. */
export async function answerableItems(db: Db): Promise<FormItem[]> {
  return (await repo.listFormItems(db)).map(toFormItem).filter((item) => isQuestionType(item.type));
}

/**
 * Checks and stores the answers (spec §5): every required question answered, texts within their limit, choices
 * among the options, images uploaded by this user for this question. A refusal names every question concerned.
 * Sending clears the draft; the subscription's row lock orders this against a draft being saved.
 */
export async function submitQuestionnaire(
  app: Pick<FastifyInstance, 'clock' | 'db'>,
  user: SessionUser,
  subscriptionId: string,
  inputs: AnswerInput[],
) {
  await ownSubscription(app.db, user, subscriptionId);
  const items = await answerableItems(app.db);
  const byId = new Map(inputs.map((input) => [input.formItemId, input]));
  if (inputs.some((input) => !items.some((item) => item.id === input.formItemId)))
    throw badRequest(QUESTIONNAIRE_REFUSALS.unknownQuestion.code, QUESTIONNAIRE_REFUSALS.unknownQuestion.message);

  const answers: FormAnswer[] = [];
  const problems: QuestionProblem[] = [];
  for (const item of items) {
    const checked = await checkAnswer(app.db, user, subscriptionId, item, byId.get(item.id), SUBMIT_LIMITS(ANSWER_MAX_CHARS));
    const problem = checked.problem ?? (item.isRequired && checked.empty ? requiredProblem(item) : null);
    if (problem) problems.push(problem);
    answers.push(checked.answer);
  }
  if (problems.length > 0) throw invalidAnswers(problems);
  const submittedAt = app.clock();
  await app.db.transaction(async (tx) => {
    if (!(await repo.lockOwnSubscription(tx, user.id, subscriptionId))) throw notFound('Subscription not found.');
    await repo.saveSubmission(tx, { subscriptionId, userId: user.id, submittedAt, answers });
    await repo.deleteDraft(tx, subscriptionId);
    // The step that asks for the questionnaire follows what happened (issue 28).
    if (await completeStepsAt(tx, subscriptionId, 'questionnaire', submittedAt)) {
      await publishChange(tx, { topic: `steps:${subscriptionId}`, audience: { userId: user.id } });
    }
    await publishChange(tx, { topic: `questionnaire:${subscriptionId}`, audience: { userId: user.id } });
    await publishChange(tx, { topic: `dashboard:${user.id}`, audience: { userId: user.id } });
  });
  return { userId: user.id, subscriptionId, submittedAt: submittedAt.getTime(), answers };
}

export const isImageQuestion = (type: string) => IMAGE_QUESTION_TYPES.includes(type);
