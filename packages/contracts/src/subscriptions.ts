import { z } from 'zod';

/** Subscription statuses (spec §4); any other stored value is shown as unknown. */
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'ACTIVE_PENDING_UPDATE', 'CANCELLED', 'INACTIVE_NONPAYMENT'] as const;
export const ACTIVE_SUBSCRIPTION_STATUSES = ['ACTIVE', 'ACTIVE_PENDING_UPDATE'] as const;

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
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  cancelledAt: z.number().int().nullable(),
  /** Failed renewal attempts in the current period, and when the next one is due. */
  renewalFailures: z.number().int(),
  nextRenewalAttemptAt: z.number().int().nullable(),
  reactivation: reactivationSchema,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionListSchema = z.object({
  /** Newest start first (spec §9). */
  subscriptions: z.array(subscriptionSchema),
});
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;

export const SUBSCRIPTION_CONFIRMATIONS = {
  cancel: 'Are you sure you want to cancel this subscription?',
  reactivateFree: 'Your subscription is still within its paid period. Reactivate at no extra charge?',
} as const;
