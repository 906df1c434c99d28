import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth.ts';
import { chatDetailSchema, chatStatusSchema, chatSummarySchema } from './support.ts';
import { projectSchema, releaseStatusSchema } from './projects.ts';

/** The customer a chat or project belongs to, as staff see it. */
export const customerSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const staffChatSummarySchema = chatSummarySchema.extend({ customer: customerSchema });
export type StaffChatSummary = z.infer<typeof staffChatSummarySchema>;
export const staffChatListSchema = z.object({ chats: z.array(staffChatSummarySchema) });
export const staffChatListQuerySchema = z.object({ status: chatStatusSchema.optional() });
export const staffChatDetailSchema = chatDetailSchema.extend({ customer: customerSchema });
export type StaffChatDetail = z.infer<typeof staffChatDetailSchema>;

const webUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), 'Must be an http(s) URL.');
/** An empty string clears a link. */
const optionalUrl = z.union([webUrl, z.literal('').transform(() => null), z.null()]).optional();

const projectFields = {
  projectName: z.string().trim().min(1, 'Project name is required.').max(200),
  businessName: z.string().trim().max(200),
  businessLogo: optionalUrl,
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
export const staffProjectListSchema = z.object({ projects: z.array(staffProjectSchema) });
export const staffProjectListQuerySchema = z.object({ ownerId: z.string().min(1).optional() });

/** The operator endpoint behind `npm run portal -- create-staff`. */
export const createStaffSchema = z.object({
  email: z.email(),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH).optional(),
  name: z.string().trim().min(1).max(120).optional(),
});
export type CreateStaffInput = z.infer<typeof createStaffSchema>;
export const createStaffResultSchema = z.object({
  userId: z.string(),
  email: z.string(),
  created: z.boolean(),
  /** A generated password, given once when none was supplied for a new account. */
  temporaryPassword: z.string().nullable(),
});
export type CreateStaffResult = z.infer<typeof createStaffResultSchema>;
