import type { FastifyInstance } from 'fastify';
import {
  DRAFT_ANSWER_MAX_CHARS,
  DRAFT_MAX_CHARS,
  QUESTIONNAIRE_REFUSALS,
  type AnswerInput,
  type QuestionnaireDraft,
  type QuestionnaireDraftInput,
} from '@portal/contracts/onboarding';
import type { SessionUser } from '../../platform/auth/session.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { checkAnswer, invalidAnswers, type AnswerLimits } from './answer-checks.ts';
import { answerableItems, ownSubscription } from './questionnaire.ts';
import * as repo from './repository.ts';

const DRAFT_LIMITS: AnswerLimits = {
  maxChars: DRAFT_ANSWER_MAX_CHARS,
  tooLong: () => ({
    code: 'ANSWER_TOO_LONG',
    message: `This answer is too long to be kept as a draft. Shorten it to under ${DRAFT_ANSWER_MAX_CHARS.toLocaleString('en-US')} characters to keep it.`,
  }),
};

/** Only the field of the question's type, as entered (text is kept untrimmed, as typed). */
const keptFields = (input: AnswerInput): AnswerInput => ({
  formItemId: input.formItemId,
  ...(input.answer !== undefined ? { answer: input.answer } : {}),
  ...(input.selectedOptionIds ? { selectedOptionIds: input.selectedOptionIds } : {}),
  ...(input.answers ? { answers: input.answers } : {}),
});

/**
 * Keeps the answers entered so far (issue 28), checked as a submit checks them but for required questions, with a
 * draft's own text limits. Answers to questions that are no longer asked (staff may change the questions while a
 * customer fills them) are left out rather than refused. A save based on an older submission than the latest is
 * refused: the questionnaire was sent meanwhile, and its draft was cleared then.
 */
export async function saveQuestionnaireDraft(
  app: Pick<FastifyInstance, 'clock' | 'db'>,
  user: SessionUser,
  subscriptionId: string,
  input: QuestionnaireDraftInput,
): Promise<QuestionnaireDraft> {
  await ownSubscription(app.db, user, subscriptionId);
  const items = new Map((await answerableItems(app.db)).map((item) => [item.id, item]));
  const kept = input.answers.filter((answer) => items.has(answer.formItemId)).map(keptFields);
  if (kept.reduce((total, answer) => total + (answer.answer?.length ?? 0), 0) > DRAFT_MAX_CHARS)
    throw badRequest(QUESTIONNAIRE_REFUSALS.draftTooLarge.code, QUESTIONNAIRE_REFUSALS.draftTooLarge.message);
  const problems = [];
  for (const answer of kept) {
    const { problem } = await checkAnswer(app.db, user, subscriptionId, items.get(answer.formItemId)!, answer, DRAFT_LIMITS);
    if (problem) problems.push(problem);
  }
  if (problems.some((problem) => problem.code === 'ANSWER_TOO_LONG'))
    throw badRequest(QUESTIONNAIRE_REFUSALS.draftTooLarge.code, QUESTIONNAIRE_REFUSALS.draftTooLarge.message, { questions: problems });
  if (problems.length > 0) throw invalidAnswers(problems);

  const savedAt = app.clock();
  await app.db.transaction(async (tx) => {
    if (!(await repo.lockOwnSubscription(tx, user.id, subscriptionId))) throw notFound('Subscription not found.');
    const submitted = (await repo.findSubmission(tx, user.id, subscriptionId))?.submittedAt.getTime() ?? null;
    if (submitted !== input.basedOn)
      throw conflict(QUESTIONNAIRE_REFUSALS.submittedSince.code, QUESTIONNAIRE_REFUSALS.submittedSince.message);
    await repo.saveDraft(tx, { subscriptionId, userId: user.id, savedAt, answers: kept });
  });
  return { answers: kept, savedAt: savedAt.getTime() };
}
