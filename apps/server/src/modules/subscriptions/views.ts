import { cancelReasonSchema, isActiveSubscriptionStatus, type Reactivation, type Subscription } from '@portal/contracts/subscriptions';
import type { SubscriptionRow } from './schema.ts';

/** How a subscription can come back (spec §4), by the server's clock. */
export function reactivationOf(row: Pick<SubscriptionRow, 'status' | 'dueDate'>, now: Date): Reactivation {
  if (row.status === 'INACTIVE_NONPAYMENT') return 'CHECKOUT';
  if (row.status === 'CANCELLED') return row.dueDate.getTime() > now.getTime() ? 'FREE' : 'CHECKOUT';
  return null;
}

/** What the next renewal charges: the plan of a scheduled downgrade, otherwise the current plan. */
export const renewalAmountOf = (row: Pick<SubscriptionRow, 'amount' | 'pendingAmount' | 'pendingServiceId'>) =>
  row.pendingServiceId && row.pendingAmount !== null ? row.pendingAmount : row.amount;

export const isActive = (row: Pick<SubscriptionRow, 'status'>) => isActiveSubscriptionStatus(row.status);

export function toSubscription(row: SubscriptionRow, now: Date): Subscription {
  return {
    id: row.id,
    status: row.status,
    serviceId: row.serviceId,
    serviceTitle: row.serviceTitle,
    price: row.price,
    amount: row.amount,
    recurring: row.recurring,
    startDate: row.startDate.getTime(),
    dueDate: row.dueDate.getTime(),
    cardId: row.cardId,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    cancelledAt: row.cancelledAt?.getTime() ?? null,
    renewalFailures: row.renewalFailures,
    nextRenewalAttemptAt: row.nextRenewalAttemptAt?.getTime() ?? null,
    reactivation: reactivationOf(row, now),
    pendingChange:
      row.status === 'ACTIVE_PENDING_UPDATE' && row.pendingServiceId
        ? {
            serviceId: row.pendingServiceId,
            serviceTitle: row.pendingServiceTitle ?? '',
            price: row.pendingPrice ?? '',
            amount: row.pendingAmount ?? 0,
            recurring: row.pendingRecurring ?? row.recurring,
            effectiveAt: row.dueDate.getTime(),
          }
        : null,
    cancellation:
      row.status === 'CANCELLED'
        ? { reason: cancelReasonSchema.safeParse(row.cancelReason).data ?? null, comment: row.cancelComment }
        : null,
    dunning:
      isActive(row) && row.renewalFailures > 0
        ? { amount: renewalAmountOf(row), reason: row.renewalFailureReason, nextRetryAt: row.nextRenewalAttemptAt?.getTime() ?? null }
        : null,
  };
}
