import { z } from 'zod';
import { fullNameSchema, newPasswordSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, staffRoleSchema } from './auth.ts';
import { auditActionGroupNames } from './audit.ts';
import { disputeStateSchema } from './billing.ts';
import { cursorQuery, pageOf, pageQuerySchema, searchTextQuery } from './page.ts';

/** The customer a chat or project belongs to, as staff see it. */
export const customerSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** The customer list of /staff/customers, newest account first, a page at a time. */
export const staffCustomerRowSchema = customerSchema.extend({
  phone: z.string().nullable(),
  joinedTimestamp: z.number().int(),
  activeSubscriptions: z.number().int(),
  lastPaymentTimestamp: z.number().int().nullable(),
});
export type StaffCustomerRow = z.infer<typeof staffCustomerRowSchema>;
export const staffCustomerListSchema = pageOf('customers', staffCustomerRowSchema);
export const staffCustomerListQuerySchema = z.object({ q: searchTextQuery, ...cursorQuery });
export type StaffCustomerListQuery = z.input<typeof staffCustomerListQuerySchema>;
export const customerParamsSchema = z.object({ userId: z.string().min(1).max(100) });

/**
 * A customer's page: the profile. Each of its sections (subscriptions, cards, payments, questionnaire answers,
 * projects, chats, e-mails, audit) is a list of its own, read a page at a time.
 */
export const staffCustomerSchema = z.object({
  profile: staffCustomerRowSchema.extend({ profileImageUrl: z.string().nullable() }),
});
export type StaffCustomer = z.infer<typeof staffCustomerSchema>;

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

/**
 * The business at a glance (/staff/overview, issue "Staff console, part 2" item 4). Money is integer cents, times
 * epoch milliseconds, "this month" the calendar month (UTC) of the server's clock.
 *
 * MRR: the monthly equivalent of every active subscription (ACTIVE or ACTIVE_PENDING_UPDATE, renewals in retry
 * included) at the price it renews at: a yearly price / 12, a weekly one x 52 / 12, summed and then rounded to the
 * cent. Promo codes discount only the first payment, so they do not lower it.
 */
export const overviewPlanSchema = z.object({
  planId: z.string(),
  title: z.string(),
  activeSubscriptions: z.number().int(),
  mrr: z.number().int(),
});
export type OverviewPlan = z.infer<typeof overviewPlanSchema>;

/** One month of the charts: MRR at its end (now for the current month), and subscriptions started in it. */
export const overviewMonthSchema = z.object({
  /** "2026-11" */
  month: z.string(),
  mrr: z.number().int(),
  newSubscriptions: z.number().int(),
});
export type OverviewMonth = z.infer<typeof overviewMonthSchema>;

/** An open dispute as the overview lists it: whose payment, how much, and until when evidence is due. */
export const overviewDisputeSchema = z.object({
  disputeId: z.string(),
  paymentId: z.string(),
  userId: z.string(),
  customerName: z.string(),
  serviceTitle: z.string(),
  amount: z.number().int(),
  state: disputeStateSchema,
  reason: z.string(),
  dueAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type OverviewDispute = z.infer<typeof overviewDisputeSchema>;
/** How many open disputes the overview lists (the count covers all). */
export const OVERVIEW_DISPUTE_LIMIT = 10;

export const staffOverviewSchema = z.object({
  asOfTimestamp: z.number().int(),
  activeSubscriptions: z.number().int(),
  mrr: z.number().int(),
  byPlan: z.array(overviewPlanSchema),
  newThisMonth: z.number().int(),
  cancelledThisMonth: z.number().int(),
  /** Active subscriptions whose renewal failed and is retried. */
  renewalsInRetry: z.number().int(),
  inactiveNonpayment: z.number().int(),
  openChats: z.number().int(),
  /** The oldest customer message of an open chat that support has not answered since (null: none waits). */
  oldestUnansweredTimestamp: z.number().int().nullable(),
  pendingDeletionRequests: z.number().int(),
  /** Payments whose dispute (chargeback) is still open at Square, and the newest of them. */
  openDisputes: z.number().int(),
  disputes: z.array(overviewDisputeSchema),
  /** The last 12 months, oldest first, ending with this month. */
  months: z.array(overviewMonthSchema),
});
export type StaffOverview = z.infer<typeof staffOverviewSchema>;

/** The team of /staff/team (item 5): staff members and the invitations still open. */
export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  joinedTimestamp: z.number().int(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The role the address gets when the link is used. */
  role: staffRoleSchema,
  invitedByName: z.string(),
  createdTimestamp: z.number().int(),
  expiresTimestamp: z.number().int(),
  /** The address already has a customer's account: accepting makes that account staff (its subscriptions stay). */
  customerAccount: z.boolean(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;
export const staffInvitationParamsSchema = z.object({ invitationId: z.string().min(1).max(100) });
export const staffTeamSchema = z.object({ members: z.array(staffMemberSchema), invitations: z.array(staffInvitationSchema) });
export type StaffTeam = z.infer<typeof staffTeamSchema>;

/** How long an invitation link works. */
export const STAFF_INVITATION_HOURS = 72;
/** An invitation names the role; left out, it is the lesser one (agent). */
export const inviteStaffSchema = z.object({
  email: z.email('Please enter a valid email address.').max(254),
  role: staffRoleSchema.default('agent'),
});
export type InviteStaffInput = z.input<typeof inviteStaffSchema>;
export const staffMemberParamsSchema = z.object({ userId: z.string().min(1).max(100) });
export const changeStaffRoleSchema = z.object({ role: staffRoleSchema });
export type ChangeStaffRoleInput = z.infer<typeof changeStaffRoleSchema>;

export const invitationTokenSchema = z.object({ token: z.string().min(1).max(200) });
export const invitationInfoSchema = z.object({ email: z.string(), expiresTimestamp: z.number().int() });
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;
/** The form the link opens: the new staff member's name and password. */
export const acceptInvitationFormSchema = z.object({ name: fullNameSchema, password: newPasswordSchema });
export type AcceptInvitationForm = z.infer<typeof acceptInvitationFormSchema>;
export const acceptInvitationSchema = acceptInvitationFormSchema.extend(invitationTokenSchema.shape);
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;
export const acceptInvitationResultSchema = z.object({ email: z.string() });

/** The stable codes of a link that no longer works. */
export const INVITATION_ERRORS = {
  INVITATION_INVALID: 'This invitation link is not valid. Ask a staff member to invite you again.',
  INVITATION_USED: 'This invitation link has already been used. Sign in with the password you chose.',
  INVITATION_EXPIRED: 'This invitation link has expired. Ask a staff member to invite you again.',
} as const;
