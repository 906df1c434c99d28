import {
  IMAGE_QUESTION_TYPES,
  isQuestionType,
  type AnswerInput,
  type FormItem,
  type FormSubmission,
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

/** Drafts filled from the saved answers, so that opening the questionnaire again shows them. */
export function draftsFrom(items: FormItem[], submission: FormSubmission | null): Drafts {
  const saved = new Map(submission?.answers.map((a) => [a.formItemId, a]));
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

/** The first required question left empty (spec §5), in question order. */
export const firstUnanswered = (items: FormItem[], drafts: Drafts) =>
  items.find(
    (item) => isQuestionType(item.type) && item.isRequired && isEmpty(item, drafts[item.id] ?? emptyDraft()),
  );

/** Why the answers cannot go yet because of images: some still uploading, or one that failed. */
export function imageProblem(drafts: Drafts): string | null {
  const tasks = Object.values(drafts).flatMap((d) =>
    d.images.map((e) => e.task).filter((t): t is UploadTask => t !== null),
  );
  if (tasks.some((t) => t.state === 'running' || t.state === 'paused'))
    return 'Please wait until your images have finished uploading.';
  if (tasks.some((t) => t.state === 'error'))
    return 'An image could not be uploaded. Retry or remove it, then submit again.';
  return null;
}

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
