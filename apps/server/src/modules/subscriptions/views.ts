import { cancelReasonSchema, isActiveSubscriptionStatus, type Reactivation, type Subscription } from '@portal/contracts/subscriptions';
import { shiftByPeriods } from './periods.ts';
import { carriesDiscount, renewalPriceOf } from './renewal-price.ts';
import type { SubscriptionRow } from './schema.ts';

/** How a subscription can come back (spec §4), by the server's clock. */
export function reactivationOf(row: Pick<SubscriptionRow, 'status' | 'dueDate'>, now: Date): Reactivation {
  if (row.status === 'INACTIVE_NONPAYMENT') return 'CHECKOUT';
  if (row.status === 'CANCELLED') return row.dueDate.getTime() > now.getTime() ? 'FREE' : 'CHECKOUT';
  return null;
}

/** Whole calendar months from `from` to `to` (a pause of 1–3 months). */
const monthsBetween = (from: Date, to: Date) => (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth();

/**
 * The due date (and billing day) of a paused subscription resumed at `resumedAt`: moved by the paused time. A pause
 * that ran its whole length moves it by those months on the billing day; an early resume by the exact time paused,
 * which makes the new due date's day the billing day.
 */
export function afterPause(row: Pick<SubscriptionRow, 'dueDate' | 'billingAnchorDay' | 'pausedAt' | 'resumesAt'>, resumedAt: Date): { dueDate: Date; billingAnchorDay: number } {
  const pausedAt = row.pausedAt ?? resumedAt;
  if (row.resumesAt && resumedAt.getTime() >= row.resumesAt.getTime()) {
    return { dueDate: shiftByPeriods(row.dueDate, 'month', row.billingAnchorDay, monthsBetween(pausedAt, row.resumesAt)), billingAnchorDay: row.billingAnchorDay };
  }
  const dueDate = new Date(row.dueDate.getTime() + Math.max(0, resumedAt.getTime() - pausedAt.getTime()));
  return { dueDate, billingAnchorDay: dueDate.getUTCDate() };
}

/** The first due date on or after `effectiveAt`, counting whole periods from the next one. */
export function firstRenewalOnOrAfter(row: Pick<SubscriptionRow, 'dueDate' | 'recurring' | 'billingAnchorDay'>, effectiveAt: Date): Date {
  let due = row.dueDate;
  for (let k = 1; due.getTime() < effectiveAt.getTime() && k < 1000; k += 1) due = shiftByPeriods(row.dueDate, row.recurring, row.billingAnchorDay, k);
  return due;
}

/** The announced price, while the subscription still renews and has not renewed at it. */
function comingPriceOf(row: SubscriptionRow): Subscription['comingPrice'] {
  if (!isActive(row) || row.comingAmount === null || row.comingEffectiveAt === null) return null;
  return {
    amount: row.comingAmount,
    price: row.comingPrice ?? (row.comingAmount / 100).toFixed(2),
    effectiveAt: row.comingEffectiveAt.getTime(),
    firstRenewalAt: firstRenewalOnOrAfter(row, row.comingEffectiveAt).getTime(),
  };
}

/** A lasting code's discount, while the next renewal still carries it. */
function discountOf(row: SubscriptionRow): Subscription['discount'] {
  if (!carriesDiscount(row, row.dueDate) || !row.discountType || row.discountValue === null) return null;
  return { promoCode: row.discountCode!, type: row.discountType, value: row.discountValue, endsAt: row.discountEndsAt?.getTime() ?? null };
}

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
    comingPrice: comingPriceOf(row),
    discount: discountOf(row),
    cancellation:
      row.status === 'CANCELLED'
        ? { reason: cancelReasonSchema.safeParse(row.cancelReason).data ?? null, comment: row.cancelComment }
        : null,
    dunning:
      isActive(row) && row.renewalFailures > 0
        ? { amount: renewalPriceOf(row).amount, reason: row.renewalFailureReason, nextRetryAt: row.nextRenewalAttemptAt?.getTime() ?? null }
        : null,
    pause:
      row.status === 'PAUSED' && row.pausedAt && row.resumesAt
        ? { pausedAt: row.pausedAt.getTime(), resumesAt: row.resumesAt.getTime(), nextPaymentAt: afterPause(row, row.resumesAt).dueDate.getTime() }
        : null,
    retentionDiscount:
      row.offerRenewalsLeft > 0 && row.offerPercentOff ? { percentOff: row.offerPercentOff, renewalsLeft: row.offerRenewalsLeft } : null,
  };
}
