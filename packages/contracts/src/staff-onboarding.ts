import { z } from 'zod';
import { formItemSchema, QUESTION_TYPES, type QuestionType } from './onboarding.ts';

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

export interface QuestionProblem {
  code: 'OPTIONS_REQUIRED' | 'OPTIONS_NOT_ALLOWED' | 'DUPLICATE_OPTION' | 'MAX_IMAGES_NOT_ALLOWED';
  field: 'options' | 'maxImages';
  message: string;
}

/** The rules of a question's type, checked by the form and again by the server (400 with the problem's code). */
export function questionProblem(input: Pick<QuestionInput, 'type' | 'options' | 'maxImages'>): QuestionProblem | null {
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
