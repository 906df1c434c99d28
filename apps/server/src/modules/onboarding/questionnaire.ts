import type { FastifyInstance } from 'fastify';
import {
  IMAGE_QUESTION_TYPES,
  isQuestionType,
  requiredQuestionMessage,
  type AnswerInput,
  type FormAnswer,
  type FormItem,
  type Questionnaire,
} from '@portal/contracts/onboarding';
import { fileIdFromUrl, questionnaireImageTarget } from '@portal/contracts/uploads';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { getCompletedUpload } from '../uploads/index.ts';
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

async function ownSubscription(db: Db, user: SessionUser, subscriptionId: string) {
  const subscription = await repo.findOwnSubscription(db, user.id, subscriptionId);
  if (!subscription) throw notFound('Subscription not found.');
  return subscription;
}

export async function loadQuestionnaire(
  app: FastifyInstance,
  user: SessionUser,
  subscriptionId: string,
): Promise<Questionnaire> {
  const subscription = await ownSubscription(app.db, user, subscriptionId);
  const [items, saved] = await Promise.all([
    repo.listFormItems(app.db),
    repo.findSubmission(app.db, user.id, subscriptionId),
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
  };
}

const invalid = (item: FormItem, what: string) =>
  badRequest('INVALID_ANSWER', `${what} for the question: "${item.prompt}"`);

/** Image answers must be this user's finished questionnaire uploads for this subscription and question. */
async function checkedImages(
  db: Db,
  user: SessionUser,
  subscriptionId: string,
  item: FormItem,
  urls: string[],
): Promise<string[]> {
  if (item.type === 'SINGLE_IMAGE_UPLOAD' && urls.length > 1)
    throw invalid(item, 'Only one image can be given');
  const target = questionnaireImageTarget(subscriptionId, item.id);
  for (const url of urls) {
    const fileId = fileIdFromUrl(url);
    const upload = fileId ? await getCompletedUpload(db, fileId) : null;
    if (
      !upload ||
      upload.userId !== user.id ||
      upload.purpose !== 'questionnaire-image' ||
      upload.targetId !== target
    ) {
      throw invalid(item, 'That image was not uploaded');
    }
  }
  return [...new Set(urls)];
}

/** One stored answer of the record of spec §3, with the field of the question's type. */
async function answerFor(
  db: Db,
  user: SessionUser,
  subscriptionId: string,
  item: FormItem,
  input: AnswerInput | undefined,
): Promise<{ answer: FormAnswer; empty: boolean }> {
  const base = { formItemId: item.id, prompt: item.prompt, type: item.type, order: item.order };
  switch (item.type) {
    case 'CHECKBOX': {
      const chosen = new Set(input?.selectedOptionIds ?? []);
      if ([...chosen].some((id) => !item.options.some((o) => o.id === id)))
        throw invalid(item, 'Choose among the options');
      const options = item.options.filter((o) => chosen.has(o.id));
      return {
        answer: {
          ...base,
          selectedOptionIds: options.map((o) => o.id),
          selectedOptionsText: options.map((o) => o.text),
        },
        empty: options.length === 0,
      };
    }
    case 'MULTIPLE_CHOICE':
    case 'DROPDOWN': {
      const answer = input?.answer ?? '';
      if (answer && !item.options.some((o) => o.text === answer))
        throw invalid(item, 'Choose one of the options');
      return { answer: { ...base, answer }, empty: !answer };
    }
    case 'SINGLE_IMAGE_UPLOAD':
    case 'MULTIPLE_IMAGE_UPLOAD': {
      const answers = await checkedImages(db, user, subscriptionId, item, input?.answers ?? []);
      return { answer: { ...base, answers }, empty: answers.length === 0 };
    }
    default: {
      const answer = (input?.answer ?? '').trim();
      return { answer: { ...base, answer }, empty: !answer };
    }
  }
}

/**
 * Checks and stores the answers (spec §5): every required question answered, choices among the options, images
 * uploaded by this user for this question. Questions of unsupported types cannot be answered and are left out.
 */
export async function submitQuestionnaire(
  app: FastifyInstance,
  user: SessionUser,
  subscriptionId: string,
  inputs: AnswerInput[],
) {
  await ownSubscription(app.db, user, subscriptionId);
  const items = (await repo.listFormItems(app.db))
    .map(toFormItem)
    .filter((item) => isQuestionType(item.type));
  const byId = new Map(inputs.map((input) => [input.formItemId, input]));
  const unknown = inputs.find((input) => !items.some((item) => item.id === input.formItemId));
  if (unknown)
    throw badRequest('UNKNOWN_QUESTION', 'An answer names a question that is not in the questionnaire.');

  const answers: FormAnswer[] = [];
  for (const item of items) {
    const { answer, empty } = await answerFor(app.db, user, subscriptionId, item, byId.get(item.id));
    if (item.isRequired && empty) throw badRequest('REQUIRED_QUESTION', requiredQuestionMessage(item.prompt));
    answers.push(answer);
  }
  const submittedAt = app.clock();
  await app.db.transaction(async (tx) => {
    await repo.saveSubmission(tx, { subscriptionId, userId: user.id, submittedAt, answers });
    // The step that asks for the questionnaire follows what happened (issue 28).
    if (await repo.completeStepsAt(tx, subscriptionId, 'questionnaire', submittedAt)) {
      await publishChange(tx, { topic: `steps:${subscriptionId}`, audience: { userId: user.id } });
    }
    await publishChange(tx, { topic: `questionnaire:${subscriptionId}`, audience: { userId: user.id } });
    await publishChange(tx, { topic: `dashboard:${user.id}`, audience: { userId: user.id } });
  });
  return { userId: user.id, subscriptionId, submittedAt: submittedAt.getTime(), answers };
}

export const isImageQuestion = (type: string) => IMAGE_QUESTION_TYPES.includes(type);
