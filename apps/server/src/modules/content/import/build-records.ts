import { z } from 'zod';
import { LISTING_LIMITS } from '@portal/contracts/store-listing';
import { fileIdFromUrl } from '@portal/contracts/uploads';
import { keyProblem, outsideLink, text, timestamp, wholeNumber } from './fields.ts';

/**
 * The build history a project record may carry (decision 0075): its stages, its review rounds and its store listing,
 * keyed as the export writes them. Files must be files of this portal (`/api/files/{id}`).
 */

const nullableTime = timestamp.nullish().transform((v) => v ?? null);
const key = z.string().refine((k) => keyProblem(k) === null, { error: (issue) => keyProblem(String(issue.input)) ?? 'bad key' });
const fileUrl = z
  .string()
  .trim()
  .transform((url, ctx) => {
    const id = fileIdFromUrl(url);
    if (!id) {
      ctx.addIssue({ code: 'custom', message: 'expected a file of this portal (/api/files/{id})' });
      return z.NEVER;
    }
    return id;
  });
const listingText = (max: number) => z.string().trim().max(max, `at most ${max} characters`).default('');

const stageRecord = z.object({
  name: text.pipe(z.string().max(80, 'at most 80 characters')),
  order: wholeNumber.default(0),
  launches: z.boolean().default(false),
  expectedDays: wholeNumber
    .refine((n) => n >= 0 && n <= 365, 'expected 0 to 365 days')
    .nullish()
    .transform((v) => v ?? null),
  expectedTimestamp: nullableTime,
  expectedByHand: z.boolean().default(false),
  reachedTimestamp: nullableTime,
  approvedTimestamp: nullableTime,
});

const reviewRecord = z.object({
  stageId: text,
  round: wholeNumber.refine((n) => n >= 1, 'expected a round from 1'),
  kind: z.enum(['preview', 'approved', 'changes_requested'], { error: 'expected "preview", "approved" or "changes_requested"' }),
  authorRole: z.enum(['customer', 'staff'], { error: 'expected "customer" or "staff"' }),
  authorName: text,
  comment: z.string().trim().max(4000, 'at most 4000 characters').default(''),
  link: outsideLink,
  attachments: z
    .array(z.object({ url: fileUrl, kind: z.enum(['image', 'video']) }))
    .max(20)
    .default([])
    .transform((list) => list.map(({ url, kind }) => ({ uploadId: url, kind }))),
  createdTimestamp: timestamp,
});

const storeListingRecord = z.object({
  appName: listingText(LISTING_LIMITS.appName),
  shortDescription: listingText(LISTING_LIMITS.shortDescription),
  fullDescription: listingText(LISTING_LIMITS.fullDescription),
  keywords: listingText(LISTING_LIMITS.keywords),
  supportUrl: listingText(LISTING_LIMITS.url),
  privacyUrl: listingText(LISTING_LIMITS.url),
  category: listingText(60),
  icon: fileUrl.nullish().transform((v) => v ?? null),
  screenshots: z.record(key, z.array(fileUrl).max(10)).default({}),
  updatedTimestamp: timestamp,
});

export const projectBuildFields = {
  stages: z.record(key, stageRecord).optional(),
  reviews: z.record(key, reviewRecord).optional(),
  storeListing: storeListingRecord.nullish(),
};

export type StageRecord = z.output<typeof stageRecord>;
export type ReviewRecord = z.output<typeof reviewRecord>;
export type StoreListingRecord = z.output<typeof storeListingRecord>;
/** What the optional fields were in the file: undefined for a project record that carries no build. */
export interface BuildRecord {
  stages?: Record<string, StageRecord>;
  reviews?: Record<string, ReviewRecord>;
  storeListing?: StoreListingRecord | null;
}

