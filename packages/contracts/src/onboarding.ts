import { z } from 'zod';

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

/** What the browser sends: per question, the field of its type. The server adds prompt, type and order. */
export const answerInputSchema = z.object({
  formItemId: z.string().min(1).max(200),
  answer: z.string().max(10_000).optional(),
  selectedOptionIds: z.array(z.string().max(200)).max(100).optional(),
  /** Image URLs (`/api/files/{id}`) of questionnaire-image uploads for this subscription and question. */
  answers: z.array(z.string().max(300)).max(50).optional(),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;
export const questionnaireSubmitSchema = z.object({ answers: z.array(answerInputSchema).max(200) });
export type QuestionnaireSubmit = z.infer<typeof questionnaireSubmitSchema>;

export const questionnaireSchema = z.object({
  subscriptionId: z.string(),
  serviceTitle: z.string(),
  /** Ordered by `order` (spec §9). */
  items: z.array(formItemSchema),
  /** The saved answers, when the questionnaire was submitted before. */
  submission: formSubmissionSchema.nullable(),
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
