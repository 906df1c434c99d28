import { z } from 'zod';

/**
 * Help content: FAQs and help guides as readers see them (/faqs, /help-guides) and as staff edit them (/staff/faqs,
 * /staff/help-guides). Everything is plain text: pages show it as typed, with its line breaks, and never as HTML or
 * Markdown.
 */

/** A frequently asked question (spec §3 FAQ). */
export const faqSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
});
export type Faq = z.infer<typeof faqSchema>;
export const faqListSchema = z.object({ faqs: z.array(faqSchema) });
export type FaqList = z.infer<typeof faqListSchema>;

export const USER_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const userLevelSchema = z.enum(USER_LEVELS);
export type UserLevel = z.infer<typeof userLevelSchema>;

/** A help guide (spec §3 Guides/Android/settings); `lastUpdated` is epoch milliseconds. */
export const helpGuideSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  userLevel: userLevelSchema,
  consoleTypes: z.array(z.string()),
  navigation: z.string(),
  howToUse: z.string(),
  tags: z.array(z.string()),
  lastUpdated: z.number().int().nullable(),
});
export type HelpGuide = z.infer<typeof helpGuideSchema>;
export const helpGuideListSchema = z.object({ guides: z.array(helpGuideSchema) });
export type HelpGuideList = z.infer<typeof helpGuideListSchema>;

/** Control characters other than tab and line feed (a carriage return is turned into a line feed first). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/** One line of text: trimmed, at most `max` characters, `required` or not. */
export const line = (label: string, max: number, required = false) =>
  z
    .string()
    .trim()
    .min(required ? 1 : 0, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((s) => !/[\r\n]/.test(s), `${label} must be on one line.`)
    .refine((s) => !CONTROL.test(s), `${label} must be plain text.`);

/** Text of several lines: Windows and old Mac line breaks become "\n". */
export const lines = (label: string, max: number, required = false) =>
  z
    .string()
    .overwrite((s) => s.replace(/\r\n?/g, '\n'))
    .trim()
    .min(required ? 1 : 0, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((s) => !CONTROL.test(s), `${label} must be plain text.`);

/** A short list of one-line words (tags, console types), each given once. */
const words = (label: string, max: number) =>
  z
    .array(z.string().trim())
    .max(max, `Give at most ${max} ${label.toLowerCase()}s.`)
    .superRefine((items, ctx) => {
      const problem = items.find((w) => w === '' || w.length > 60 || /[\r\n,]/.test(w) || CONTROL.test(w));
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: `Each ${label.toLowerCase()} is 1 to 60 characters of plain text, without commas.` });
      const seen = items.map((w) => w.toLowerCase());
      if (seen.some((w, i) => seen.indexOf(w) !== i)) ctx.addIssue({ code: 'custom', message: `Give each ${label.toLowerCase()} once.` });
    });

export const faqInputSchema = z.object({
  question: line('Question', 300, true),
  answer: lines('Answer', 5000, true),
});
export type FaqInput = z.infer<typeof faqInputSchema>;
export const faqParamsSchema = z.object({ faqId: z.string().min(1).max(200) });

export const guideInputSchema = z.object({
  title: line('Title', 200, true),
  description: lines('Description', 2000),
  category: line('Category', 100),
  userLevel: z.enum(USER_LEVELS, { error: `User level must be one of ${USER_LEVELS.join(', ')}.` }),
  consoleTypes: words('Console type', 20),
  navigation: line('Navigation path', 300),
  howToUse: lines('How to use', 5000),
  tags: words('Tag', 30),
});
export type GuideInput = z.infer<typeof guideInputSchema>;
export const guideParamsSchema = z.object({ guideId: z.string().min(1).max(200) });

/** "Phone, Tablet" as typed in the form, and back. */
export const splitWords = (typed: string) =>
  typed
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
export const joinWords = (list: readonly string[]) => list.join(', ');

/** The guide form's fields: the lists typed as comma-separated words. */
export const guideFormSchema = guideInputSchema.extend({
  consoleTypes: z.string().transform(splitWords).pipe(guideInputSchema.shape.consoleTypes),
  tags: z.string().transform(splitWords).pipe(guideInputSchema.shape.tags),
});
export type GuideForm = z.input<typeof guideFormSchema>;
