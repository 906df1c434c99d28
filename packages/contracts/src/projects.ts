import { z } from 'zod';
import { cursorQuery, pageOf } from './page.ts';

/** Release statuses staff set (spec §4); a stored value outside them shows as unknown. */
export const RELEASE_STATUSES = ['PENDING', 'PUBLISHED', 'UNPUBLISHED'] as const;
export const releaseStatusSchema = z.enum(RELEASE_STATUSES);
export type ReleaseStatus = z.infer<typeof releaseStatusSchema>;

/** getUserProjects supports one order (spec §9). */
export const PROJECT_SORT_ORDERS = ['created_newest'] as const;

export const deliverablesSchema = z.object({
  playStoreUrl: z.string().nullable(),
  appStoreUrl: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  apkDownloadUrl: z.string().nullable(),
});
export type Deliverables = z.infer<typeof deliverablesSchema>;

/** A project as its owner sees it (spec §3 Project). Times are epoch milliseconds or null. */
export const projectSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  businessName: z.string(),
  businessLogo: z.string().nullable(),
  clientNotes: z.string().nullable(),
  releaseStatus: z.string(),
  createdTimestamp: z.number().int().nullable(),
  lastModifiedTimestamp: z.number().int().nullable(),
  publishedTimestamp: z.number().int().nullable(),
  deliverables: deliverablesSchema,
});
export type Project = z.infer<typeof projectSchema>;

/** The user's projects, created newest first, a page at a time. */
export const projectListSchema = pageOf('projects', projectSchema);
export type ProjectList = z.infer<typeof projectListSchema>;

export const projectListQuerySchema = z.object({ sortBy: z.enum(PROJECT_SORT_ORDERS).default('created_newest'), ...cursorQuery });
export const projectParamsSchema = z.object({ projectId: z.string().min(1).max(100) });
