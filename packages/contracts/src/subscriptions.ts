import { z } from 'zod';
import { cursorQuery, pageOf } from './page.ts';
import { pauseSchema, retentionDiscountSchema } from './retention.ts';

/** Subscription statuses (spec §4); any other stored value is shown as unknown. */
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'ACTIVE_PENDING_UPDATE', 'CANCELLED', 'INACTIVE_NONPAYMENT', 'PAUSED'] as const;
export const ACTIVE_SUBSCRIPTION_STATUSES = ['ACTIVE', 'ACTIVE_PENDING_UPDATE'] as const;
/** A paused subscription is not charged, but its plan is still the customer's (decision 0063): no second one. */
export const HELD_SUBSCRIPTION_STATUSES = [...ACTIVE_SUBSCRIPTION_STATUSES, 'PAUSED'] as const;

export const isActiveSubscriptionStatus = (status: string) =>
  (ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);

/** "INACTIVE_NONPAYMENT" -> "INACTIVE NONPAYMENT": the first underscore becomes a space; unknown values read Unknown. */
export function subscriptionStatusLabel(status: string): string {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status) ? status.replace('_', ' ') : 'Unknown';
}

/**
 * How a subscription can come back (spec §4), decided by the server's clock: FREE while a cancelled
 * subscription is still inside its paid period, CHECKOUT once that period is over or after non-payment.
 */
export const reactivationSchema = z.enum(['FREE', 'CHECKOUT']).nullable();
export type Reactivation = z.infer<typeof reactivationSchema>;

/** A downgrade waiting for the next due date (status ACTIVE_PENDING_UPDATE): "Changes to {plan} on {date}". */
export const pendingChangeSchema = z.object({
  serviceId: z.string(),
  serviceTitle: z.string(),
  price: z.string(),
  amount: z.number().int(),
  recurring: z.string(),
  effectiveAt: z.number().int(),
});
export type PendingChange = z.infer<typeof pendingChangeSchema>;

/** A failed renewal still being retried: what is owed, why the last attempt failed, and when the next one runs. */
export const dunningSchema = z.object({
  amount: z.number().int(),
  reason: z.string().nullable(),
  nextRetryAt: z.number().int().nullable(),
});
export type Dunning = z.infer<typeof dunningSchema>;

/**
 * The plan's announced price (decision 0062): the subscription renews at `amount` from its first renewal on or after
 * `effectiveAt`, which is `firstRenewalAt`.
 */
export const comingPriceSchema = z.object({
  amount: z.number().int(),
  price: z.string(),
  effectiveAt: z.number().int(),
  firstRenewalAt: z.number().int(),
});
export type ComingPrice = z.infer<typeof comingPriceSchema>;

/** A lasting promo code's discount on the coming renewals: percent or cents off, until `endsAt` (null: for good). */
export const lastingDiscountSchema = z.object({
  promoCode: z.string(),
  type: z.enum(['percent', 'amount']),
  value: z.number().int(),
  endsAt: z.number().int().nullable(),
});
export type LastingDiscountView = z.infer<typeof lastingDiscountSchema>;

/** Why a customer cancels (asked at cancellation, stored, shown to staff). */
export const CANCEL_REASONS = {
  too_expensive: 'Too expensive',
  missing_features: 'Missing features',
  switched_service: 'Switched to another service',
  unused: 'Not using it enough',
  customer_service: 'Customer service',
  too_complex: 'Too complex',
  other: 'Other',
} as const;
export const cancelReasonSchema = z.enum(Object.keys(CANCEL_REASONS) as [keyof typeof CANCEL_REASONS, ...(keyof typeof CANCEL_REASONS)[]]);
export type CancelReason = z.infer<typeof cancelReasonSchema>;

export const cancelRequestSchema = z
  .object({ reason: cancelReasonSchema, comment: z.string().trim().max(1000).optional() })
  .refine((v) => v.reason !== 'other' || Boolean(v.comment), { message: 'Please tell us why.', path: ['comment'] });
export type CancelRequest = z.input<typeof cancelRequestSchema>;

export const cancellationSchema = z.object({ reason: cancelReasonSchema.nullable(), comment: z.string().nullable() });

/** A customer's subscription (spec §3 UserSubscriptions); dates are epoch milliseconds, money integer cents. */
export const subscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  serviceId: z.string(),
  serviceTitle: z.string(),
  price: z.string(),
  amount: z.number().int(),
  recurring: z.string(),
  startDate: z.number().int(),
  dueDate: z.number().int(),
  /** The saved card that pays this subscription (null: the default card pays). */
  cardId: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  cancelledAt: z.number().int().nullable(),
  /** Failed renewal attempts in the current period, and when the next one is due. */
  renewalFailures: z.number().int(),
  nextRenewalAttemptAt: z.number().int().nullable(),
  reactivation: reactivationSchema,
  pendingChange: pendingChangeSchema.nullable(),
  dunning: dunningSchema.nullable(),
  comingPrice: comingPriceSchema.nullable(),
  discount: lastingDiscountSchema.nullable(),
  /** Cancelled: why, as the customer said; service ends at `dueDate`. */
  cancellation: cancellationSchema.nullable(),
  /** PAUSED: since when, when it resumes, and the due date it then has (decision 0063). */
  pause: pauseSchema.nullable(),
  /** An accepted retention offer lowering the coming renewals. */
  retentionDiscount: retentionDiscountSchema.nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * The query of the subscription list: a page at a time; `status=active` keeps only the active ones (ACTIVE,
 * ACTIVE_PENDING_UPDATE), for what decides on them (the plans a customer holds, the cards in use) whatever the
 * number of cancelled ones before them. A user has at most one active subscription per plan, so those pages are few.
 */
export const subscriptionListQuerySchema = z.object({ ...cursorQuery, status: z.enum(['active']).optional() });
export type SubscriptionListQuery = z.output<typeof subscriptionListQuerySchema>;

/** Newest start first (spec §9), a page at a time. */
export const subscriptionListSchema = pageOf('subscriptions', subscriptionSchema);
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;

export const SUBSCRIPTION_CONFIRMATIONS = {
  cancel: 'Are you sure you want to cancel this subscription?',
  reactivateFree: 'Your subscription is still within its paid period. Reactivate at no extra charge?',
} as const;

/**
 * The status as a customer reads it: a downgrade waiting (ACTIVE_PENDING_UPDATE, a code in the API) reads
 * "Active · changes to Starter on Apr 10, 2026" (the date formatted by the caller); other statuses as spec §4 shows them.
 */
export function subscriptionStatusText(
  s: { status: string; pendingChange: Pick<PendingChange, 'serviceTitle' | 'effectiveAt'> | null; pause?: { resumesAt: number } | null },
  formatDate: (ms: number) => string,
): string {
  if (s.status === 'PAUSED' && s.pause) return `Paused · resumes on ${formatDate(s.pause.resumesAt)}`;
  if (s.status === 'ACTIVE_PENDING_UPDATE') {
    // A change moved over from the original system may come without its plan and date: still words, not a code.
    return s.pendingChange ? `Active · changes to ${s.pendingChange.serviceTitle} on ${formatDate(s.pendingChange.effectiveAt)}` : 'Active · change pending';
  }
  return subscriptionStatusLabel(s.status);
}

/** "Changes to Starter on Apr 10, 2026" (the date formatted by the caller). */
export const pendingChangeText = (plan: string, date: string) => `Changes to ${plan} on ${date}`;

/**
 * Actions staff take on a customer's subscription from the customer's page (issue 23 point 2). Each says why: the
 * reason goes to the audit log with who did it and when.
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
