import { z } from 'zod';

/**
 * A stage's review in rounds (issue 27, decision 0075): staff post a preview to a stage, which opens a round; the
 * customer approves it or asks for changes, once per round. An approved stage takes no new preview nor decision.
 */

/** Upload purposes: staff's preview images and videos, and the customer's marked-up screenshots (targets: the project). */
export const PROJECT_PREVIEW_PURPOSE = 'project-preview';
export const PROJECT_MARKUP_PURPOSE = 'project-markup';

export const REVIEW_KINDS = ['preview', 'approved', 'changes_requested'] as const;
export type ReviewEntryKind = (typeof REVIEW_KINDS)[number];
export const REVIEW_DECISIONS = ['approved', 'changes_requested'] as const;

/** Refusals, by stable code. */
export const reviewErrorCodes = {
  noPreview: 'NO_PREVIEW_TO_REVIEW',
  roundDecided: 'ROUND_ALREADY_DECIDED',
  roundSuperseded: 'ROUND_SUPERSEDED',
  stageApproved: 'STAGE_ALREADY_APPROVED',
  stageNotFound: 'STAGE_NOT_FOUND',
  uploadNotFound: 'UPLOAD_NOT_FOUND',
} as const;

export const REVIEW_COMMENT_MAX = 2000;
export const REVIEW_ATTACHMENTS_MAX = 10;

export const reviewAttachmentSchema = z.object({ url: z.string(), kind: z.enum(['image', 'video']) });
export type ReviewAttachmentView = z.infer<typeof reviewAttachmentSchema>;

/** One entry of the history; names are as they were when it was written. Times are epoch milliseconds. */
export const reviewEntrySchema = z.object({
  reviewId: z.string(),
  stageId: z.string(),
  stageName: z.string(),
  round: z.number().int(),
  kind: z.enum(REVIEW_KINDS),
  author: z.object({ name: z.string(), role: z.enum(['customer', 'staff']) }),
  timestamp: z.number().int(),
  comment: z.string(),
  link: z.string().nullable(),
  attachments: z.array(reviewAttachmentSchema),
});
export type ReviewEntry = z.infer<typeof reviewEntrySchema>;

/** A stage as its review stands: the round waiting for the customer, if any, and when it was approved. */
export const reviewStageSchema = z.object({
  stageId: z.string(),
  name: z.string(),
  position: z.number().int(),
  /** The round waiting for the customer's decision, or null. */
  openRound: z.number().int().nullable(),
  approvedTimestamp: z.number().int().nullable(),
});
export type ReviewStage = z.infer<typeof reviewStageSchema>;

/** Every stage of the project, and every entry in the order it was written. */
export const projectReviewsSchema = z.object({
  stages: z.array(reviewStageSchema),
  entries: z.array(reviewEntrySchema),
});
export type ProjectReviews = z.infer<typeof projectReviewsSchema>;

const uploadIds = z.array(z.string().min(1).max(100)).max(REVIEW_ATTACHMENTS_MAX);
const stageId = z.string().min(1).max(100);
const isHttpsUrl = (value: string) => /^https:\/\/[^\s/]+[^\s]*$/i.test(value);

/** Staff: a preview to a stage; at least one image or video, or a link to a web build. */
export const postPreviewSchema = z
  .object({
    stageId,
    attachments: uploadIds.default([]),
    link: z.string().trim().max(500).refine((v) => v === '' || isHttpsUrl(v), 'The link must be an https:// address.').optional(),
    note: z.string().trim().max(REVIEW_COMMENT_MAX).default(''),
  })
  .refine((p) => p.attachments.length > 0 || Boolean(p.link), { message: 'Add an image, a video or a link.', path: ['attachments'] });
export type PostPreview = z.input<typeof postPreviewSchema>;

/** The customer's decision on a stage's open round; asking for changes needs a comment. */
export const reviewDecisionSchema = z
  .object({
    stageId,
    round: z.number().int().min(1).max(10_000),
    decision: z.enum(REVIEW_DECISIONS),
    comment: z.string().trim().max(REVIEW_COMMENT_MAX).default(''),
    attachments: uploadIds.default([]),
  })
  .refine((d) => d.decision === 'approved' || d.comment.length > 0, { message: 'Say what should change.', path: ['comment'] });
export type ReviewDecision = z.input<typeof reviewDecisionSchema>;
