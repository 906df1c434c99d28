import { z } from 'zod';
import { cancelReasonSchema, CANCEL_REASONS } from './subscriptions.ts';

/**
 * Billing actions staff take on a customer's page (issue 23 point 2). Each says why: the reason goes to the audit
 * log with who did it and when, and where the customer is told (a refund), into their e-mail.
 */
export const staffReasonSchema = z.string().trim().min(1, 'Please say why.').max(500);

/** Cancel now (the paid period ends at once) or at the period's end (nothing renews; the due date stays). */
export const STAFF_CANCEL_WHEN = ['period_end', 'now'] as const;
export const staffCancelSchema = z
  .object({
    when: z.enum(STAFF_CANCEL_WHEN),
    /** Why the customer leaves, as the customer's own cancel form names it (the overview groups churn by it). */
    reason: cancelReasonSchema,
    comment: z.string().trim().max(1000).optional(),
  })
  .refine((v) => v.reason !== 'other' || Boolean(v.comment), { message: 'Please tell us why.', path: ['comment'] });
export type StaffCancelInput = z.input<typeof staffCancelSchema>;

export const staffReactivateSchema = z.object({ reason: staffReasonSchema });
export type StaffReactivateInput = z.input<typeof staffReactivateSchema>;

/**
 * A goodwill credit: the due date moves on by whole days, at no charge. `fromDueDate` is the due date staff saw: the
 * credit applies only to it, so a request sent twice (or by two staff at once) extends once.
 */
export const MAX_EXTENSION_DAYS = 365;
export const staffExtendSchema = z.object({
  days: z.number().int().min(1).max(MAX_EXTENSION_DAYS),
  fromDueDate: z.number().int(),
  reason: staffReasonSchema,
});
export type StaffExtendInput = z.input<typeof staffExtendSchema>;

export const staffRetryRenewalSchema = z.object({ reason: staffReasonSchema });
export type StaffRetryRenewalInput = z.input<typeof staffRetryRenewalSchema>;

/** Churn by reason (the staff overview): subscriptions cancelled in the last `days` days and still cancelled. */
export const CHURN_WINDOW_DAYS = 90;
export const churnReasonSchema = z.object({
  /** null: cancelled without a reason (before reasons were asked, or by the system). */
  reason: cancelReasonSchema.nullable(),
  count: z.number().int(),
});
export const churnByReasonSchema = z.object({
  sinceTimestamp: z.number().int(),
  days: z.number().int(),
  total: z.number().int(),
  reasons: z.array(churnReasonSchema),
});
export type ChurnByReason = z.infer<typeof churnByReasonSchema>;

/** How a cancellation reason reads ("No reason given" when none was stored). */
export const cancelReasonLabel = (reason: keyof typeof CANCEL_REASONS | null) => (reason ? CANCEL_REASONS[reason] : 'No reason given');
