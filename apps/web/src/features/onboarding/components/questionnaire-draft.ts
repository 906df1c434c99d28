import {
  ANSWER_MAX_CHARS,
  IMAGE_QUESTION_TYPES,
  answerTooLongMessage,
  isQuestionType,
  requiredQuestionMessage,
  type AnswerInput,
  type FormItem,
} from '@portal/contracts/onboarding';
import type { UploadTask } from '@/lib/uploads';

/** An image of an image question: one saved before (url), or one being uploaded now (task). */
export interface ImageEntry {
  key: string;
  name: string;
  url: string | null;
  task: UploadTask | null;
}

/** What the customer has entered for one question so far. */
export interface Draft {
  text: string;
  selectedOptionIds: string[];
  images: ImageEntry[];
}

export type Drafts = Record<string, Draft>;

export const emptyDraft = (): Draft => ({ text: '', selectedOptionIds: [], images: [] });

/**
 * Drafts filled from answers kept before (the server's draft, else the submitted answers), so that opening the
 * questionnaire again, or reloading it, shows them.
 */
export function draftsFrom(items: FormItem[], answers: AnswerInput[] | undefined): Drafts {
  const saved = new Map(answers?.map((a) => [a.formItemId, a]));
  return Object.fromEntries(
    items.map((item) => {
      const answer = saved.get(item.id);
      const draft: Draft = {
        text: answer?.answer ?? '',
        selectedOptionIds: answer?.selectedOptionIds ?? [],
        images: (answer?.answers ?? []).map((url, i) => ({
          key: `saved-${i}-${url}`,
          name: `Image ${i + 1}`,
          url,
          task: null,
        })),
      };
      return [item.id, draft];
    }),
  );
}

const imageUrl = (entry: ImageEntry) => entry.url ?? entry.task?.snapshot().result?.url ?? null;
const isImageQuestion = (item: FormItem) => IMAGE_QUESTION_TYPES.includes(item.type);

function isEmpty(item: FormItem, draft: Draft): boolean {
  if (item.type === 'CHECKBOX') return draft.selectedOptionIds.length === 0;
  if (isImageQuestion(item)) return !draft.images.some((e) => imageUrl(e));
  return draft.text.trim() === '';
}

/** An image of the question that did not reach the server, or has not yet. */
function uploadProblem(draft: Draft): string | null {
  const tasks = draft.images.filter((e) => !imageUrl(e)).map((e) => e.task).filter((t): t is UploadTask => t !== null);
  const failed = tasks.find((t) => t.state === 'error');
  if (failed) return `"${failed.fileName}" could not be uploaded. Retry it or remove it, then submit again.`;
  if (tasks.some((t) => t.state === 'running' || t.state === 'paused'))
    return 'An image is still uploading. Wait until it has finished, then submit again.';
  return null;
}

/**
 * Why a question stops the submit, in words (spec §5 for a required question left empty), or null. A supported
 * question only: an unsupported one cannot be answered.
 */
export function problemOf(item: FormItem, draft: Draft): string | null {
  if (!isQuestionType(item.type)) return null;
  if (isImageQuestion(item)) {
    const upload = uploadProblem(draft);
    if (upload) return upload;
  } else if (item.type !== 'CHECKBOX' && draft.text.trim().length > ANSWER_MAX_CHARS) {
    return answerTooLongMessage(draft.text.trim().length);
  }
  return item.isRequired && isEmpty(item, draft) ? requiredQuestionMessage(item.prompt) : null;
}

/** Every question that stops the submit, in question order, with why. */
export const problemsOf = (items: FormItem[], drafts: Drafts) =>
  items.flatMap((item) => {
    const message = problemOf(item, drafts[item.id] ?? emptyDraft());
    return message ? [{ item, message }] : [];
  });

/** The answers to send, one per supported question, in the field of its type. */
export function answersFrom(items: FormItem[], drafts: Drafts): AnswerInput[] {
  return items
    .filter((item) => isQuestionType(item.type))
    .map((item) => {
      const draft = drafts[item.id] ?? emptyDraft();
      if (item.type === 'CHECKBOX')
        return { formItemId: item.id, selectedOptionIds: draft.selectedOptionIds };
      if (isImageQuestion(item))
        return {
          formItemId: item.id,
          answers: draft.images.map(imageUrl).filter((u): u is string => u !== null),
        };
      return { formItemId: item.id, answer: draft.text };
    });
}
