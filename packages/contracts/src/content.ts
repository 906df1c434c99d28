import { z } from 'zod';

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

export const DELETION_REQUIRED_MESSAGE = 'Name and email are required.';

/** The account deletion form (spec §2, §5): name and e-mail required, reason optional. */
export const deletionRequestInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, DELETION_REQUIRED_MESSAGE)
    .max(200, 'Full Name must be at most 200 characters.'),
  email: z
    .string()
    .trim()
    .min(1, DELETION_REQUIRED_MESSAGE)
    .max(254, 'Email Address is too long.')
    .pipe(z.email('Please enter a valid email address.')),
  reason: z.string().trim().max(2000, 'Reason must be at most 2000 characters.').optional(),
});
export type DeletionRequestInput = z.input<typeof deletionRequestInputSchema>;

/** A stored deletion request (spec §3 AccountDeletionRequest); `userId` is the user's id or 'guest'. */
export const deletionRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  reason: z.string().nullable(),
  status: z.string(),
  requestedAt: z.number().int(),
  userId: z.string(),
});
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;
export const deletionRequestListSchema = z.object({ requests: z.array(deletionRequestSchema) });

/** What one import did to one collection. */
export const importedCollectionSchema = z.object({
  name: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type ImportedCollection = z.infer<typeof importedCollectionSchema>;

/** The answer of an import: per collection counts, and the top-level keys that are not content. */
export const importSummarySchema = z.object({
  collections: z.array(importedCollectionSchema),
  ignored: z.array(z.string()),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;
