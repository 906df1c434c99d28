import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, staffRoleSchema } from './auth.ts';
import { auditActionGroupNames } from './audit.ts';
import { formAnswerSchema, stepPlaceInputSchema, stepStatusUpdateSchema } from './onboarding.ts';
import { cursorQuery, pageOf, pageQuerySchema } from './page.ts';
import { chatDetailSchema, chatMessageSchema, chatStatusSchema, chatSummarySchema } from './support.ts';
import { projectSchema, releaseStatusSchema } from './projects.ts';
import { assignedFilterSchema, chatAssigneeSchema } from './team-inbox.ts';

/** The customer a chat or project belongs to, as staff see it. */
export const customerSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** Search text: trimmed, matched case-insensitively as a substring. */
const searchText = z.string().trim().max(200).optional();

/** `unreadCount`: the customer's messages since support last opened the chat; `assignee`: who works on it. */
export const staffChatSummarySchema = chatSummarySchema.extend({ customer: customerSchema, unreadCount: z.number().int(), assignee: chatAssigneeSchema });
export type StaffChatSummary = z.infer<typeof staffChatSummarySchema>;
/**
 * OPEN before CLOSED, then newest activity first, a page at a time (contracts `page.ts`). A cursor reads on from its
 * place in that order, so it belongs with the filters of the page that gave it.
 */
export const staffChatListSchema = pageOf('chats', staffChatSummarySchema);
export type StaffChatList = z.infer<typeof staffChatListSchema>;
export const staffChatListQuerySchema = z.object({
  status: chatStatusSchema.optional(),
  /** Customer name or e-mail. */
  q: searchText,
  customerId: z.string().min(1).max(100).optional(),
  /** "Mine" or "Unassigned"; absent: every chat. */
  assigned: assignedFilterSchema.optional(),
  ...cursorQuery,
});
export type StaffChatListQuery = z.input<typeof staffChatListQuerySchema>;
/** A message as staff see it: support replies name the staff member who sent them. */
export const staffChatMessageSchema = chatMessageSchema.extend({ senderName: z.string().nullable() });
export type StaffChatMessage = z.infer<typeof staffChatMessageSchema>;
export const staffChatDetailSchema = chatDetailSchema.extend({ customer: customerSchema, messages: z.array(staffChatMessageSchema), assignee: chatAssigneeSchema });
export type StaffChatDetail = z.infer<typeof staffChatDetailSchema>;

/** The customer list of /staff/customers, newest account first, a page at a time. */
export const staffCustomerRowSchema = customerSchema.extend({
  phone: z.string().nullable(),
  joinedTimestamp: z.number().int(),
  activeSubscriptions: z.number().int(),
  lastPaymentTimestamp: z.number().int().nullable(),
});
export type StaffCustomerRow = z.infer<typeof staffCustomerRowSchema>;
export const staffCustomerListSchema = pageOf('customers', staffCustomerRowSchema);
export const staffCustomerListQuerySchema = z.object({ q: searchText, ...cursorQuery });
export type StaffCustomerListQuery = z.input<typeof staffCustomerListQuerySchema>;
export const customerParamsSchema = z.object({ userId: z.string().min(1).max(100) });

export const staffQuestionnaireSchema = z.object({
  subscriptionId: z.string(),
  serviceTitle: z.string(),
  submittedTimestamp: z.number().int(),
  answers: z.array(formAnswerSchema),
});
/** A customer's questionnaire answers, newest first, a page at a time. */
export const staffQuestionnaireListSchema = pageOf('questionnaires', staffQuestionnaireSchema);
/**
 * A customer's page: the profile. Each of its sections (subscriptions, cards, payments, questionnaire answers,
 * projects, chats, e-mails, audit) is a list of its own, read a page at a time.
 */
export const staffCustomerSchema = z.object({
  profile: staffCustomerRowSchema.extend({ profileImageUrl: z.string().nullable() }),
});
export type StaffCustomer = z.infer<typeof staffCustomerSchema>;

/** Staff edit a step: its status ("completed" stores the time), its details and its place (null: none). */
export const staffStepUpdateSchema = z
  .object({
    stepStatus: stepStatusUpdateSchema.shape.stepStatus.optional(),
    stepDetails: z.string().trim().min(1, 'Please describe the step.').max(2000).optional(),
    place: stepPlaceInputSchema.optional(),
  })
  .refine((v) => v.stepStatus !== undefined || v.stepDetails !== undefined || v.place !== undefined, 'Nothing to change.');
/** A step staff add to a subscription; without a place it names none. */
export const newStepSchema = z.object({
  stepDetails: z.string().trim().min(1, 'Please describe the step.').max(2000),
  place: stepPlaceInputSchema.optional(),
});
export type NewStepInput = z.input<typeof newStepSchema>;

/** One audited staff write. `before`/`after` are the record's JSON (null when it did not exist / was removed). */
export const auditEntrySchema = z.object({
  id: z.string(),
  /** The staff member's account (null once it is erased); the name is the one they had then. */
  actorId: z.string().nullable(),
  actorName: z.string(),
  /** The customer the change concerns, if any. */
  customerId: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdTimestamp: z.number().int(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/** Newest first, a page at a time. */
export const auditListSchema = pageOf('entries', auditEntrySchema);
export const auditListQuerySchema = pageQuerySchema;
/**
 * The audit page's filters (all optional, combined): who made the change, what kind of change it is, and when, from
 * `from` up to but not including `to` (epoch milliseconds; the page sends the reader's local days).
 */
export const staffAuditQuerySchema = pageQuerySchema.extend({
  actorId: z.string().min(1).max(100).optional(),
  group: z.enum(auditActionGroupNames).optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
});
export type StaffAuditQuery = z.output<typeof staffAuditQuerySchema>;
/** The audit page's filters as the page sends them (the cursor and page size are the list's). */
export type StaffAuditFilter = Omit<z.input<typeof staffAuditQuerySchema>, 'cursor' | 'limit'>;

/** An e-mail the portal queued for a customer, as staff see it: whether it went, and the server's answer if not. */
export const customerMailSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  /** pending: not sent yet (or retrying after `lastError`); failed: the mail server refused it for good. */
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdTimestamp: z.number().int(),
  sentTimestamp: z.number().int().nullable(),
});
export type CustomerMail = z.infer<typeof customerMailSchema>;
/** Newest first, a page at a time. */
export const customerMailListSchema = pageOf('mails', customerMailSchema);
export const customerMailQuerySchema = pageQuerySchema;

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

/** The operator endpoint behind `npm run portal -- create-staff`. */
export const createStaffSchema = z.object({
  email: z.email(),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH).optional(),
  name: z.string().trim().min(1).max(120).optional(),
  /** The operator's command makes admins unless told otherwise: its first use sets up the team (decision 0058). */
  role: staffRoleSchema.default('admin'),
});
export type CreateStaffInput = z.input<typeof createStaffSchema>;
export const createStaffResultSchema = z.object({
  userId: z.string(),
  email: z.string(),
  created: z.boolean(),
  role: staffRoleSchema,
  /** A generated password, given once: for a new account, or an existing one that may not keep its own, with none supplied. */
  temporaryPassword: z.string().nullable(),
});
export type CreateStaffResult = z.infer<typeof createStaffResultSchema>;

/** The deletion-request queue of /staff/deletion-requests (issue 11 item 3). */
export const DELETION_REQUEST_STATUSES = ['pending', 'done', 'refused'] as const;
export type DeletionRequestStatus = (typeof DELETION_REQUEST_STATUSES)[number];
/** How a closed request ended: the account's data was erased, no account had that e-mail, or staff refused. */
export const DELETION_OUTCOMES = ['erased', 'no-account', 'refused'] as const;
export const staffDeletionRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  reason: z.string().nullable(),
  status: z.enum(DELETION_REQUEST_STATUSES),
  requestedTimestamp: z.number().int(),
  /** Whether the request was made while signed in to that account (else as a guest). */
  signedIn: z.boolean(),
  outcome: z.enum(DELETION_OUTCOMES).nullable(),
  refusalReason: z.string().nullable(),
  decidedTimestamp: z.number().int().nullable(),
  decidedByName: z.string().nullable(),
});
export type StaffDeletionRequest = z.infer<typeof staffDeletionRequestSchema>;
/** One status at a time, newest request first, a page at a time. */
export const staffDeletionRequestListSchema = pageOf('requests', staffDeletionRequestSchema);
export const staffDeletionRequestListQuerySchema = z.object({
  status: z.enum(DELETION_REQUEST_STATUSES).default('pending'),
  ...cursorQuery,
});
export type StaffDeletionRequestListQuery = z.input<typeof staffDeletionRequestListQuerySchema>;
export const deletionRequestParamsSchema = z.object({ requestId: z.string().min(1).max(100) });
export const refuseDeletionSchema = z.object({
  reason: z.string().trim().min(1, 'Please say why the request is refused.').max(2000, 'The reason must be at most 2000 characters.'),
});
export type RefuseDeletionInput = z.infer<typeof refuseDeletionSchema>;

/** The plans editor of /staff/plans (issue 11 item 1): every plan, hidden ones too, in pricing's order. */
export const PLAN_PERIODS = ['month', 'year', 'week'] as const;
/** A plan's price change announced ahead (decision 0062; its rules in price-changes.ts). */
export const priceChangeSchema = z.object({
  id: z.string(),
  planId: z.string(),
  amount: z.number().int(),
  price: z.string(),
  previousAmount: z.number().int(),
  effectiveAt: z.number().int(),
  createdAt: z.number().int(),
  /** When new buyers started paying it (the plan's own price was set to it); null while it lies ahead. */
  appliedAt: z.number().int().nullable(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

export const staffPlanSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Cents; the display price is derived from it. */
  amount: z.number().int(),
  price: z.string(),
  recurring: z.string(),
  description: z.string().nullable(),
  visible: z.boolean(),
  order: z.number().int(),
  /** Subscriptions of any status on this plan: a used plan can be hidden, never deleted. */
  subscriptionCount: z.number().int(),
  /** The price change announced and not yet in effect for new buyers (decision 0062). */
  priceChange: priceChangeSchema.nullable(),
});
export type StaffPlan = z.infer<typeof staffPlanSchema>;
export const staffPlanListSchema = z.object({ plans: z.array(staffPlanSchema) });
export const planParamsSchema = z.object({ planId: z.string().min(1).max(100) });
/** The most a plan or an amount-off code may be: $999,999.99. */
export const MAX_CENTS = 99_999_999;
/** The least a plan costs: checkout charges a card for it, so a plan is never free. */
export const MIN_PLAN_CENTS = 100;
export const PLAN_TOO_CHEAP = 'A plan costs at least $1.00: checkout charges a card for it, so a plan cannot be free.';
export const planInputSchema = z.object({
  title: z.string().trim().min(1, 'Title is required.').max(120, 'Title must be at most 120 characters.'),
  amount: z.number().int().min(MIN_PLAN_CENTS, PLAN_TOO_CHEAP).max(MAX_CENTS, 'A plan costs at most $999,999.99.'),
  recurring: z.enum(PLAN_PERIODS),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters.'),
  visible: z.boolean(),
});
export type PlanInput = z.infer<typeof planInputSchema>;
export const planMoveSchema = z.object({ direction: z.enum(['up', 'down']) });

const DOLLARS = /^\$?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;
const asDollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * What is wrong with an amount typed in dollars ("49", "49.99", "$1,200"), in words that say what to type instead;
 * null when it is a whole number of cents from `least.cents` to $999,999.99. `what` names it ("A price").
 */
export function dollarsProblem(text: string, what: string, least: { cents: number; message: string }): string | null {
  const typed = text.trim();
  if (typed.startsWith('-')) return `${what} cannot be negative: enter at least ${asDollars(least.cents)}.`;
  if (!DOLLARS.test(typed)) return 'Enter an amount in dollars, such as 49 or 49.99.';
  if (/\.\d{3,}$/.test(typed)) return 'Enter whole cents: at most two digits after the point.';
  const cents = dollarsToCents(typed);
  if (cents > MAX_CENTS) return `${what} can be at most ${asDollars(MAX_CENTS)}.`;
  if (cents < least.cents) return least.message;
  return null;
}

export const dollarsField = (what: string, least: { cents: number; message: string }) =>
  z
    .string()
    .trim()
    .superRefine((text, ctx) => {
      const problem = dollarsProblem(text, what, least);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** The form's fields: the amount typed in dollars ("49" or "49.99"), stored in cents. */
export const planFormSchema = planInputSchema.omit({ amount: true }).extend({
  dollars: dollarsField('A price', { cents: MIN_PLAN_CENTS, message: PLAN_TOO_CHEAP }),
});
export type PlanForm = z.infer<typeof planFormSchema>;
/** "$1,200.50" → 120050: the dollar sign and thousands separators are only how it was typed. */
export const dollarsToCents = (dollars: string) => Math.round(Number(dollars.trim().replace(/[$,]/g, '')) * 100);
export const centsToDollars = (cents: number) => (cents / 100).toFixed(2);
/** An amount-off code's dollars: at least a cent. */
export const discountDollarsProblem = (text: string) =>
  dollarsProblem(text, 'A discount', { cents: 1, message: 'Enter an amount off of at least $0.01.' });
