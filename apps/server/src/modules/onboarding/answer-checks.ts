import {
  MAX_IMAGES_PER_ANSWER,
  QUESTION_PROBLEM_MESSAGES,
  QUESTIONNAIRE_REFUSALS,
  answerTooLongMessage,
  requiredQuestionMessage,
  type AnswerInput,
  type FormAnswer,
  type FormItem,
  type QuestionProblem,
  type QuestionProblemCode,
} from '@portal/contracts/onboarding';
import { fileIdFromUrl, questionnaireImageTarget } from '@portal/contracts/uploads';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { getCompletedUpload } from '../uploads/index.ts';

/** One answer checked against its question: the record to store, whether it is empty, and what is wrong with it. */
export interface CheckedAnswer {
  answer: FormAnswer;
  empty: boolean;
  problem: QuestionProblem | null;
}

/** How long a text answer may be: the answer's limit when sending, a draft's when keeping. */
export interface AnswerLimits {
  maxChars: number;
  /** The refusal of a text over `maxChars`. */
  tooLong(length: number): { code: QuestionProblemCode; message: string };
}

export const SUBMIT_LIMITS = (maxChars: number): AnswerLimits => ({
  maxChars,
  tooLong: (length) => ({ code: 'ANSWER_TOO_LONG', message: answerTooLongMessage(length) }),
});

const problemAt = (item: FormItem, code: QuestionProblemCode, message: string): QuestionProblem => ({
  formItemId: item.id,
  code,
  message,
});
const fixed = (item: FormItem, code: keyof typeof QUESTION_PROBLEM_MESSAGES) =>
  problemAt(item, code, QUESTION_PROBLEM_MESSAGES[code]);

/** Image answers must be this user's finished questionnaire uploads for this subscription and question. */
async function imagesProblem(db: Db, user: SessionUser, subscriptionId: string, item: FormItem, urls: string[]) {
  if (item.type === 'SINGLE_IMAGE_UPLOAD' && urls.length > 1) return fixed(item, 'ONE_IMAGE_ONLY');
  if (urls.length > MAX_IMAGES_PER_ANSWER) return fixed(item, 'TOO_MANY_IMAGES');
  const target = questionnaireImageTarget(subscriptionId, item.id);
  for (const url of urls) {
    const fileId = fileIdFromUrl(url);
    const upload = fileId ? await getCompletedUpload(db, fileId) : null;
    if (!upload || upload.userId !== user.id || upload.purpose !== 'questionnaire-image' || upload.targetId !== target)
      return fixed(item, 'IMAGE_NOT_UPLOADED');
  }
  return null;
}

/** One answer as the record of spec §3 stores it, with the field of the question's type, and its problem if any. */
export async function checkAnswer(
  db: Db,
  user: SessionUser,
  subscriptionId: string,
  item: FormItem,
  input: AnswerInput | undefined,
  limits: AnswerLimits,
): Promise<CheckedAnswer> {
  const base = { formItemId: item.id, prompt: item.prompt, type: item.type, order: item.order };
  switch (item.type) {
    case 'CHECKBOX': {
      const chosen = new Set(input?.selectedOptionIds ?? []);
      const options = item.options.filter((o) => chosen.has(o.id));
      return {
        answer: { ...base, selectedOptionIds: options.map((o) => o.id), selectedOptionsText: options.map((o) => o.text) },
        empty: options.length === 0,
        problem: options.length < chosen.size ? fixed(item, 'NOT_AN_OPTION') : null,
      };
    }
    case 'MULTIPLE_CHOICE':
    case 'DROPDOWN': {
      const answer = input?.answer ?? '';
      const known = !answer || item.options.some((o) => o.text === answer);
      return { answer: { ...base, answer }, empty: !answer, problem: known ? null : fixed(item, 'NOT_AN_OPTION') };
    }
    case 'SINGLE_IMAGE_UPLOAD':
    case 'MULTIPLE_IMAGE_UPLOAD': {
      const answers = [...new Set(input?.answers ?? [])];
      const problem = await imagesProblem(db, user, subscriptionId, item, answers);
      return { answer: { ...base, answers }, empty: answers.length === 0, problem };
    }
    default: {
      const answer = (input?.answer ?? '').trim();
      const tooLong = answer.length > limits.maxChars ? limits.tooLong(answer.length) : null;
      return {
        answer: { ...base, answer },
        empty: !answer,
        problem: tooLong ? problemAt(item, tooLong.code, tooLong.message) : null,
      };
    }
  }
}

/** A required question left empty (spec §5). */
export const requiredProblem = (item: FormItem): QuestionProblem => ({
  formItemId: item.id,
  code: 'REQUIRED_QUESTION',
  message: requiredQuestionMessage(item.prompt),
});

/** 400 naming every question concerned, in question order. */
export const invalidAnswers = (problems: QuestionProblem[]) =>
  badRequest(QUESTIONNAIRE_REFUSALS.invalidAnswers.code, QUESTIONNAIRE_REFUSALS.invalidAnswers.message, {
    questions: problems,
  });
