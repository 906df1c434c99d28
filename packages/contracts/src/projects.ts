import { z } from 'zod';
import { cursorQuery, pageOf } from './page.ts';
import { customerSchema } from './staff.ts';

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

const webUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), 'Must be an http(s) URL.');
/** A link, or a file uploaded to the portal (`/api/files/ID`, e.g. a business logo sent through tus). */
const urlOrFile = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/api\/files\/[A-Za-z0-9_-]+$/.test(value), 'Must be an http(s) URL.');
/** An empty string clears a link. */
const optionalUrl = z.union([webUrl, z.literal('').transform(() => null), z.null()]).optional();

const projectFields = {
  projectName: z.string().trim().min(1, 'Project name is required.').max(200),
  businessName: z.string().trim().max(200),
  businessLogo: z.union([urlOrFile, z.literal('').transform(() => null), z.null()]).optional(),
  clientNotes: z.string().trim().max(5000).nullable().optional(),
  releaseStatus: releaseStatusSchema,
  /** When it was published; set to now when the status becomes PUBLISHED and none is given. */
  publishedTimestamp: z.number().int().positive().nullable().optional(),
  deliverables: z
    .object({ playStoreUrl: optionalUrl, appStoreUrl: optionalUrl, websiteUrl: optionalUrl, apkDownloadUrl: optionalUrl })
    .partial()
    .optional(),
};

/** A new project for a customer, named by user id or e-mail. */
export const createProjectSchema = z
  .object({
    ownerId: z.string().min(1).optional(),
    ownerEmail: z.email().optional(),
    subscriptionId: z.string().min(1).nullable().optional(),
    ...projectFields,
    businessName: projectFields.businessName.default(''),
    releaseStatus: releaseStatusSchema.default('PENDING'),
  })
  .refine((p) => Boolean(p.ownerId) !== Boolean(p.ownerEmail), 'Give exactly one of ownerId and ownerEmail.');
export type CreateProjectInput = z.input<typeof createProjectSchema>;

/** Changes to a project; fields left out stay as they are. */
export const updateProjectSchema = z.object(projectFields).partial();
export type UpdateProjectInput = z.input<typeof updateProjectSchema>;

export const staffProjectSchema = projectSchema.extend({ customer: customerSchema, subscriptionId: z.string().nullable() });
export type StaffProject = z.infer<typeof staffProjectSchema>;
/** Created newest first, a page at a time. */
export const staffProjectListSchema = pageOf('projects', staffProjectSchema);
export const staffProjectListQuerySchema = z.object({
  ownerId: z.string().min(1).optional(),
  releaseStatus: releaseStatusSchema.optional(),
  ...cursorQuery,
});
export type StaffProjectListQuery = z.input<typeof staffProjectListQuerySchema>;
/** The business logo's upload purpose: staff upload it for a customer (the target is the customer's id). */
export const PROJECT_LOGO_PURPOSE = 'project-logo';
