import { z } from 'zod';
import { pageOf } from './page.ts';

/** Question types of the business questionnaire (spec §9). Others are shown as unsupported. */
export const QUESTION_TYPES = [
  'SINGLE_TEXT_INPUT',
  'PARAGRAPH_TEXT_INPUT',
  'CHECKBOX',
  'MULTIPLE_CHOICE',
  'DROPDOWN',
  'SINGLE_IMAGE_UPLOAD',
  'MULTIPLE_IMAGE_UPLOAD',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const isQuestionType = (type: string): type is QuestionType =>
  (QUESTION_TYPES as readonly string[]).includes(type);
export const IMAGE_QUESTION_TYPES: readonly string[] = ['SINGLE_IMAGE_UPLOAD', 'MULTIPLE_IMAGE_UPLOAD'];

/** Multiple-image questions say "up to N" images; N defaults to 10 (a hint, not enforced: spec §5, §9). */
export const DEFAULT_MAX_IMAGES = 10;
export const PARAGRAPH_ROWS = 5;

export const requiredQuestionMessage = (prompt: string) => `Please answer the required question: "${prompt}"`;
export const unsupportedQuestionMessage = (type: string) => `Unsupported question type: ${type}`;

/** Questionnaire messages of spec §8. */
export const QUESTIONNAIRE_ERRORS = {
  noSubscription: 'No subscription ID found. Please start the subscription process again.',
  noForm: 'Could not load the questionnaire form.',
  loadFailed: 'An error occurred while loading the form.',
  submitFailed: 'Failed to submit your responses. Please try again.',
} as const;

export const formItemOptionSchema = z.object({ id: z.string(), text: z.string() });

/** A question (spec §3 Forms/NewSubscriptionForm/{itemId}). */
export const formItemSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  type: z.string(),
  order: z.number().int(),
  isRequired: z.boolean(),
  options: z.array(formItemOptionSchema),
  maxImages: z.number().int().nullable(),
});
export type FormItem = z.infer<typeof formItemSchema>;

/**
 * One stored answer (spec §3 form answer record): the question's id, prompt, type and order, plus by type
 * `answer` (text, or the chosen option's text), `selectedOptionIds` and `selectedOptionsText` (checkbox), or
 * `answers` (image URLs).
 */
export const formAnswerSchema = z.object({
  formItemId: z.string(),
  prompt: z.string(),
  type: z.string(),
  order: z.number().int(),
  answer: z.string().optional(),
  selectedOptionIds: z.array(z.string()).optional(),
  selectedOptionsText: z.array(z.string()).optional(),
  answers: z.array(z.string()).optional(),
});
export type FormAnswer = z.infer<typeof formAnswerSchema>;

export const formSubmissionSchema = z.object({
  userId: z.string(),
  subscriptionId: z.string(),
  /** Epoch milliseconds. */
  submittedAt: z.number().int(),
  answers: z.array(formAnswerSchema),
});
export type FormSubmission = z.infer<typeof formSubmissionSchema>;

/**
 * Limits of an answer. They are checked per question (by the server, and by the page as the customer types), so
 * that a refusal names the question it concerns in words; the request's schema only bounds its shape.
 */
export const ANSWER_MAX_CHARS = 10_000;
/** From this many characters a text answer shows how close it is to the limit. */
export const ANSWER_COUNTER_FROM = 8_000;
/** At most this many images are kept for one question (the "up to maxImages" hint itself is not enforced). */
export const MAX_IMAGES_PER_ANSWER = 50;
/**
 * A draft may hold a text answer up to twice its limit, so that text being cut down to size survives a reload;
 * all of a draft's text together is kept under DRAFT_MAX_CHARS.
 */
export const DRAFT_ANSWER_MAX_CHARS = 2 * ANSWER_MAX_CHARS;
export const DRAFT_MAX_CHARS = 100_000;

const count = (n: number) => n.toLocaleString('en-US');
/** Where a text answer stands against its limit, in words: null while far from it. */
export function answerLengthNote(length: number): string | null {
  if (length > ANSWER_MAX_CHARS)
    return `${count(length - ANSWER_MAX_CHARS)} ${length - ANSWER_MAX_CHARS === 1 ? 'character' : 'characters'} over the limit of ${count(ANSWER_MAX_CHARS)}`;
  if (length >= ANSWER_COUNTER_FROM) return `${count(length)} of ${count(ANSWER_MAX_CHARS)} characters`;
  return null;
}

/** Why one question's answer was refused: a stable code and what to do, in words. */
export const QUESTION_PROBLEM_CODES = [
  'REQUIRED_QUESTION',
  'ANSWER_TOO_LONG',
  'NOT_AN_OPTION',
  'ONE_IMAGE_ONLY',
  'TOO_MANY_IMAGES',
  'IMAGE_NOT_UPLOADED',
] as const;
export type QuestionProblemCode = (typeof QUESTION_PROBLEM_CODES)[number];
export const questionProblemSchema = z.object({
  formItemId: z.string(),
  code: z.enum(QUESTION_PROBLEM_CODES),
  message: z.string(),
});
export type QuestionProblem = z.infer<typeof questionProblemSchema>;

export const answerTooLongMessage = (length: number) =>
  `This answer is ${answerLengthNote(length)}. Shorten it, then submit again.`;
export const QUESTION_PROBLEM_MESSAGES = {
  NOT_AN_OPTION: 'Choose one of the options given.',
  ONE_IMAGE_ONLY: 'Only one image can be sent here. Remove the others, then submit again.',
  TOO_MANY_IMAGES: `Up to ${MAX_IMAGES_PER_ANSWER} images can be sent for one question. Remove some, then submit again.`,
  IMAGE_NOT_UPLOADED: 'An image here is no longer available. Remove it and add it again, then submit again.',
} as const;

/**
 * A refused submit or draft: 400 with a stable code; `INVALID_ANSWERS` (and `DRAFT_TOO_LARGE` when one answer is
 * too long to keep) carry the questions concerned, each with its own code and message.
 */
export const QUESTIONNAIRE_REFUSALS = {
  invalidAnswers: { code: 'INVALID_ANSWERS', message: 'Some answers need your attention. See the questions marked.' },
  unknownQuestion: {
    code: 'UNKNOWN_QUESTION',
    message: 'The questionnaire has changed since you opened it. Check your answers, then submit again.',
  },
  draftTooLarge: { code: 'DRAFT_TOO_LARGE', message: 'Your answers are too long to be kept as a draft. Shorten them to keep them.' },
  submittedSince: {
    code: 'QUESTIONNAIRE_SUBMITTED',
    message: 'This questionnaire was sent since you opened it. Reload the page to see the answers sent.',
  },
} as const;
export const questionnaireRefusalSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), questions: z.array(questionProblemSchema).optional() }),
});
export type QuestionnaireRefusal = z.infer<typeof questionnaireRefusalSchema>;

/** What the browser sends: per question, the field of its type. The server adds prompt, type and order. */
export const answerInputSchema = z.object({
  formItemId: z.string().min(1).max(200),
  /** Its length is checked per question (ANSWER_MAX_CHARS); the body limit bounds the request. */
  answer: z.string().optional(),
  selectedOptionIds: z.array(z.string().max(200)).max(100).optional(),
  /** Image URLs (`/api/files/{id}`) of questionnaire-image uploads for this subscription and question. */
  answers: z.array(z.string().max(300)).max(1000).optional(),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;
const answerInputsSchema = z.array(answerInputSchema).max(200);
export const questionnaireSubmitSchema = z.object({ answers: answerInputsSchema });
export type QuestionnaireSubmit = z.infer<typeof questionnaireSubmitSchema>;

/**
 * Answers kept while the customer fills the questionnaire, so that a reload keeps them. `basedOn` is the
 * `submittedAt` of the submission the page started from (null: none): once the questionnaire is sent again, a
 * save from before is refused (409) rather than bringing old answers back.
 */
export const questionnaireDraftInputSchema = z.object({
  answers: answerInputsSchema,
  basedOn: z.number().int().nullable(),
});
export type QuestionnaireDraftInput = z.infer<typeof questionnaireDraftInputSchema>;
export const questionnaireDraftSchema = z.object({
  answers: z.array(answerInputSchema),
  /** Epoch milliseconds. */
  savedAt: z.number().int(),
});
export type QuestionnaireDraft = z.infer<typeof questionnaireDraftSchema>;

export const questionnaireSchema = z.object({
  subscriptionId: z.string(),
  serviceTitle: z.string(),
  /** Ordered by `order` (spec §9). */
  items: z.array(formItemSchema),
  /** The saved answers, when the questionnaire was submitted before. */
  submission: formSubmissionSchema.nullable(),
  /** Answers entered since (or before a first submit) and not sent yet. */
  draft: questionnaireDraftSchema.nullable(),
});
export type Questionnaire = z.infer<typeof questionnaireSchema>;

/** A featured banner (spec §3 FeaturedBanner); `timeCreated` is epoch milliseconds. */
export const bannerSchema = z.object({
  id: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
  /** The banner's words, shown as text over the image (which is only the background). */
  title: z.string().nullable(),
  subtitle: z.string().nullable(),
  timeCreated: z.number().int(),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannerListSchema = z.object({ banners: z.array(bannerSchema) });
/** The carousel moves on every 4000 ms (spec §9). */
export const BANNER_INTERVAL_MS = 4000;

/** Action Center items (spec §4), one per active subscription that needs something from the customer. */
export const actionItemSchema = z.discriminatedUnion('kind', [
  /** No active subscription yet: the next step is to choose a plan. */
  z.object({ kind: z.literal('choose-plan') }),
  z.object({ kind: z.literal('complete-form'), subscriptionId: z.string(), serviceTitle: z.string() }),
  z.object({
    kind: z.literal('project-setup'),
    subscriptionId: z.string(),
    serviceTitle: z.string(),
    completed: z.number().int(),
    total: z.number().int(),
  }),
  /** A project waits for the customer: a stage's preview has no decision yet (issue 27). */
  z.object({ kind: z.literal('review-preview'), projectId: z.string(), projectName: z.string(), stageName: z.string() }),
]);
export type ActionItem = z.infer<typeof actionItemSchema>;
export const actionCenterSchema = z.object({ actions: z.array(actionItemSchema) });
export type ActionCenter = z.infer<typeof actionCenterSchema>;
export const ALL_SET_MESSAGE = "No immediate actions required. You're all set! ✅";

export const COMPLETED_STEP_STATUS = 'completed';

/** A setup step (spec §3 CompletionSteps); `completedAt` is epoch milliseconds. */
/**
 * Places in the portal a setup step can name: the step links there. A step whose place is the questionnaire is
 * completed when the questionnaire is submitted.
 */
export const STEP_PLACES = ['questionnaire', 'payment-methods', 'projects', 'support'] as const;
export const stepPlaceSchema = z.enum(STEP_PLACES);
export type StepPlace = z.infer<typeof stepPlaceSchema>;
/** What staff pick a step's place by (the step templates and a customer's steps). */
export const STEP_PLACE_NAMES: Record<StepPlace, string> = {
  questionnaire: 'Questionnaire',
  'payment-methods': 'Payment Methods',
  projects: 'My Projects',
  support: 'Support',
};
/**
 * A place as staff send it: one of STEP_PLACES, or null for none. Any other text is refused by the server with 400
 * UNKNOWN_STEP_PLACE (its own code, not a VALIDATION_ERROR), so the schema takes any short text.
 */
export const stepPlaceInputSchema = z
  .string()
  .max(40)
  .nullable()
  .describe(`One of ${STEP_PLACES.join(', ')}, or null for none; another is refused with 400 UNKNOWN_STEP_PLACE.`);

export const completionStepSchema = z.object({
  id: z.string(),
  stepIndex: z.number().int(),
  stepDetails: z.string(),
  stepStatus: z.string(),
  completedAt: z.number().int().nullable(),
  place: stepPlaceSchema.nullable(),
});
export type CompletionStep = z.infer<typeof completionStepSchema>;

export const completionStepsSchema = z.object({
  subscriptionId: z.string(),
  serviceTitle: z.string(),
  /** By StepIndex (spec §9). */
  steps: z.array(completionStepSchema),
  completed: z.number().int(),
  total: z.number().int(),
});
export type CompletionSteps = z.infer<typeof completionStepsSchema>;

/** Staff set any status; "completed" stores the completion time, anything else clears it. */
export const stepStatusUpdateSchema = z.object({
  stepStatus: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z_ -]+$/, 'A status is letters, spaces, dashes or underscores.'),
});

/** Operator seeding for browser tests and demos: an ACTIVE subscription (with its steps) for an account. */
export const seedSubscriptionSchema = z.object({
  email: z.email(),
  /** A plan id; the first visible plan when absent. */
  planId: z.string().min(1).optional(),
});
export const seededSubscriptionSchema = z.object({ subscriptionId: z.string() });

// The console's editors of banners and questions (was staff-onboarding.ts, decision 0073).
/**
 * The console's editors of the dashboard's featured banners and of the questionnaire's questions (staff console,
 * part 2). Banners are listed by the public `GET /api/banners` (newest first, as customers see them).
 */

/** A banner's image is uploaded through tus with this purpose and target (staff only, images only). */
export const BANNER_IMAGE_PURPOSE = 'banner-image';
export const BANNER_IMAGE_TARGET = 'featured-banners';

/** An http(s) URL, or a path of the portal ("/select-plan"); never "//host" (it would leave the portal). */
export const isBannerLink = (value: string) => /^https?:\/\/\S+$/i.test(value) || /^\/(?!\/)\S*$/.test(value);

export const bannerInputSchema = z.object({
  /** The banner's current image, or the `/api/files/ID` of a finished banner-image upload. */
  imageUrl: z.string().trim().min(1, 'Upload an image.').max(2000),
  /** Empty: the banner links nowhere. */
  linkUrl: z
    .string()
    .trim()
    .max(2000, 'The link must be at most 2000 characters.')
    .refine((v) => v === '' || isBannerLink(v), 'The link must be an http(s) URL or a portal path such as /select-plan.'),
  title: z.string().trim().max(120, 'The title must be at most 120 characters.'),
  subtitle: z.string().trim().max(240, 'The subtitle must be at most 240 characters.'),
});
export type BannerInput = z.infer<typeof bannerInputSchema>;
export const bannerParamsSchema = z.object({ bannerId: z.string().min(1).max(200) });

/** Question types whose answers are chosen among options. */
export const CHOICE_QUESTION_TYPES: readonly QuestionType[] = ['CHECKBOX', 'MULTIPLE_CHOICE', 'DROPDOWN'];
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  SINGLE_TEXT_INPUT: 'Short text',
  PARAGRAPH_TEXT_INPUT: 'Paragraph',
  CHECKBOX: 'Checkboxes',
  MULTIPLE_CHOICE: 'Multiple choice',
  DROPDOWN: 'Dropdown',
  SINGLE_IMAGE_UPLOAD: 'One image',
  MULTIPLE_IMAGE_UPLOAD: 'Several images',
};
export const MAX_OPTIONS = 50;
export const MAX_IMAGES_LIMIT = 50;

export const questionInputSchema = z.object({
  prompt: z.string().trim().min(1, 'The question is required.').max(500, 'The question must be at most 500 characters.'),
  type: z.enum(QUESTION_TYPES),
  isRequired: z.boolean(),
  /** An option keeps its id (absent for a new one), so that answers already given still name it. */
  options: z
    .array(
      z.object({
        id: z.string().min(1).max(200).optional(),
        text: z.string().trim().min(1, 'An option needs its text.').max(200, 'An option must be at most 200 characters.'),
      }),
    )
    .max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options.`),
  /** Several-images questions only: the "up to N" hint (default 10 when empty). */
  maxImages: z.number().int().min(1, 'At least 1.').max(MAX_IMAGES_LIMIT, `At most ${MAX_IMAGES_LIMIT}.`).nullable(),
});
export type QuestionInput = z.infer<typeof questionInputSchema>;

export interface QuestionRuleProblem {
  code: 'OPTIONS_REQUIRED' | 'OPTIONS_NOT_ALLOWED' | 'DUPLICATE_OPTION' | 'MAX_IMAGES_NOT_ALLOWED';
  field: 'options' | 'maxImages';
  message: string;
}

/** The rules of a question's type, checked by the form and again by the server (400 with the problem's code). */
export function questionProblem(input: Pick<QuestionInput, 'type' | 'options' | 'maxImages'>): QuestionRuleProblem | null {
  const choice = CHOICE_QUESTION_TYPES.includes(input.type);
  const label = QUESTION_TYPE_LABELS[input.type];
  if (choice && input.options.length === 0)
    return { code: 'OPTIONS_REQUIRED', field: 'options', message: `A ${label.toLowerCase()} question needs at least one option.` };
  if (!choice && input.options.length > 0)
    return { code: 'OPTIONS_NOT_ALLOWED', field: 'options', message: `A ${label.toLowerCase()} question has no options.` };
  const texts = input.options.map((o) => o.text.trim().toLowerCase());
  const ids = input.options.flatMap((o) => (o.id ? [o.id] : []));
  if (new Set(texts).size !== texts.length || new Set(ids).size !== ids.length)
    return { code: 'DUPLICATE_OPTION', field: 'options', message: 'Two options say the same thing: each option must be different.' };
  if (input.maxImages !== null && input.type !== 'MULTIPLE_IMAGE_UPLOAD')
    return { code: 'MAX_IMAGES_NOT_ALLOWED', field: 'maxImages', message: 'Only a several-images question has a maximum number of images.' };
  return null;
}

export const staffQuestionListSchema = z.object({ questions: z.array(formItemSchema) });
export const questionParamsSchema = z.object({ questionId: z.string().min(1).max(200) });
export const questionMoveSchema = z.object({ direction: z.enum(['up', 'down']) });

export const staffQuestionnaireSchema = z.object({
  subscriptionId: z.string(),
  serviceTitle: z.string(),
  submittedTimestamp: z.number().int(),
  answers: z.array(formAnswerSchema),
});
/** A customer's questionnaire answers, newest first, a page at a time. */
export const staffQuestionnaireListSchema = pageOf('questionnaires', staffQuestionnaireSchema);

/** Staff edit a step: its status ("completed" stores the time), its details and its place (null: none). */
export const staffStepUpdateSchema = z
  .object({
    stepStatus: stepStatusUpdateSchema.shape.stepStatus.optional(),
    stepDetails: z.string().trim().min(1, 'Please describe the step.').max(2000).optional(),
    place: stepPlaceInputSchema.optional(),
  })
  .refine((v) => v.stepStatus !== undefined || v.stepDetails !== undefined || v.place !== undefined, 'Nothing to change.');
/** A step staff add to a subscription; without a place it names none. */
export const newStepSchema = z.object({
  stepDetails: z.string().trim().min(1, 'Please describe the step.').max(2000),
  place: stepPlaceInputSchema.optional(),
});
export type NewStepInput = z.input<typeof newStepSchema>;
