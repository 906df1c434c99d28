import { z } from 'zod';
import { deliverablesSchema } from './projects.ts';
import { storeListingSchema } from './store-listing.ts';

/**
 * One project with its whole build history, in the content import's format (`Projects/{id}`, records keyed by id,
 * times in epoch milliseconds): importing the file into a portal that has the owner restores the project, its stages,
 * every review round and its store listing; importing it again changes nothing. Files are named by their
 * `/api/files/{id}` URL; people by the name they had when they wrote, never by account id.
 */
const time = z.number().int();

export const exportedStageSchema = z.object({
  name: z.string(),
  order: z.number().int(),
  launches: z.boolean(),
  /** Days after the stage before is reached that this one is expected (copied from its template). */
  expectedDays: z.number().int().nullable(),
  expectedTimestamp: time.nullable(),
  /** The expected date was set by staff, and reaching the stage before does not replace it. */
  expectedByHand: z.boolean(),
  reachedTimestamp: time.nullable(),
  approvedTimestamp: time.nullable(),
});

export const exportedReviewSchema = z.object({
  stageId: z.string(),
  round: z.number().int(),
  kind: z.enum(['preview', 'approved', 'changes_requested']),
  authorRole: z.enum(['customer', 'staff']),
  authorName: z.string(),
  comment: z.string(),
  link: z.string().nullable(),
  attachments: z.array(z.object({ url: z.string(), kind: z.enum(['image', 'video']) })),
  createdTimestamp: time,
});

export const exportedStoreListingSchema = storeListingSchema.pick({
  appName: true,
  shortDescription: true,
  fullDescription: true,
  keywords: true,
  supportUrl: true,
  privacyUrl: true,
  category: true,
}).extend({
  icon: z.string().nullable(),
  screenshots: z.record(z.string(), z.array(z.string())),
  updatedTimestamp: time,
});

export const exportedProjectSchema = z.object({
  userId: z.string(),
  userEmail: z.string(),
  subscriptionId: z.string().nullable(),
  projectName: z.string(),
  businessName: z.string(),
  businessLogo: z.string().nullable(),
  clientNotes: z.string().nullable(),
  releaseStatus: z.string(),
  createdTimestamp: time,
  lastModifiedTimestamp: time,
  publishedTimestamp: time.nullable(),
  deliverables: deliverablesSchema,
  stages: z.record(z.string(), exportedStageSchema),
  reviews: z.record(z.string(), exportedReviewSchema),
  storeListing: exportedStoreListingSchema.nullable(),
});
export type ExportedProject = z.infer<typeof exportedProjectSchema>;

export const projectExportSchema = z.object({ Projects: z.record(z.string(), exportedProjectSchema) });
export type ProjectExport = z.infer<typeof projectExportSchema>;
