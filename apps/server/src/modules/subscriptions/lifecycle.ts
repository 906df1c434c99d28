import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { addDays, billingAnchorDayOf, nextDueDate, shiftByPeriods } from './periods.ts';
import { paysComingPrice } from './renewal-price.ts';
import { createSubscriptionWithSteps, findSubscription, updateSubscription } from './repository.ts';
import { subscriptions } from './schema.ts';
import { isActive } from './views.ts';

/** What a completed or failed payment tells the subscription it paid for. */
export interface PaidPlan {
  userId: string;
  serviceId: string;
  serviceTitle: string;
  price: string;
  /** The plan's price per period in cents (before any first-payment discount). */
  amount: number;
  recurring: string;
  cardId: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
}

const cardOf = (p: PaidPlan) =>
  p.cardId ? { cardId: p.cardId, cardBrand: p.cardBrand, cardLast4: p.cardLast4 } : {};

/** A new ACTIVE subscription for a first payment, with its completion steps (same transaction). */
export async function startSubscription(tx: Db, p: PaidPlan, now: Date): Promise<string> {
  const row = await createSubscriptionWithSteps(tx, {
    userId: p.userId,
    serviceId: p.serviceId,
    serviceTitle: p.serviceTitle,
    price: p.price,
    amount: p.amount,
    recurring: p.recurring,
    startDate: now,
    dueDate: nextDueDate(now, p.recurring, billingAnchorDayOf(now)),
    billingAnchorDay: billingAnchorDayOf(now),
    cardId: p.cardId,
    cardBrand: p.cardBrand,
    cardLast4: p.cardLast4,
  });
  return row.id;
}

/**
 * A paid reactivation: ACTIVE again for a new period from now, at the price just paid. The cycle starts afresh, so
 * today becomes its billing day.
 */
export async function reactivatePaid(tx: Db, subscriptionId: string, p: PaidPlan, now: Date): Promise<void> {
  const sub = await findSubscription(tx, p.userId, subscriptionId, true);
  if (!sub) return;
  await updateSubscription(tx, sub.id, {
    status: 'ACTIVE',
    serviceTitle: p.serviceTitle,
    price: p.price,
    amount: p.amount,
    recurring: p.recurring,
    dueDate: nextDueDate(now, p.recurring, billingAnchorDayOf(now)),
    billingAnchorDay: billingAnchorDayOf(now),
    cancelledAt: null,
    cancelReason: null,
    cancelComment: null,
    renewalFailures: 0,
    nextRenewalAttemptAt: null,
    // A price that took effect before today is the one just paid; one still ahead stays announced.
    ...(sub.comingEffectiveAt && sub.comingEffectiveAt.getTime() <= now.getTime() ? NO_COMING_PRICE : {}),
    ...cardOf(p),
    updatedAt: now,
  });
}

export const NO_COMING_PRICE = { comingPriceChangeId: null, comingAmount: null, comingPrice: null, comingEffectiveAt: null } as const;

const NO_PENDING_CHANGE = {
  pendingServiceId: null,
  pendingServiceTitle: null,
  pendingPrice: null,
  pendingAmount: null,
  pendingRecurring: null,
} as const;

const planFields = (p: Pick<PaidPlan, 'serviceId' | 'serviceTitle' | 'price' | 'amount' | 'recurring'>) => ({
  serviceId: p.serviceId,
  serviceTitle: p.serviceTitle,
  price: p.price,
  amount: p.amount,
  recurring: p.recurring,
});

/**
 * A paid renewal: the due date moves one period on from the one paid for, on the billing day, and the retries stop. A renewal that paid
 * for the plan of a scheduled downgrade applies it (ACTIVE again, on the new plan).
 */
export async function renewPaid(tx: Db, subscriptionId: string, period: Date, p: PaidPlan, now: Date): Promise<void> {
  const sub = await findSubscription(tx, p.userId, subscriptionId, true);
  if (!sub || sub.dueDate.getTime() !== period.getTime()) return;
  const downgrade = sub.pendingServiceId !== null && sub.pendingServiceId === p.serviceId && p.serviceId !== sub.serviceId;
  // The first renewal at an announced price makes it the subscription's own (what the renewal was charged).
  const announced = !downgrade && paysComingPrice(sub, period) ? { price: p.price, amount: p.amount, ...NO_COMING_PRICE } : {};
  await updateSubscription(tx, sub.id, {
    ...announced,
    dueDate: nextDueDate(period, downgrade ? p.recurring : sub.recurring, sub.billingAnchorDay),
    renewalFailures: 0,
    nextRenewalAttemptAt: null,
    renewalFailureReason: null,
    // A paid renewal used one of an accepted retention offer's discounted renewals.
    offerRenewalsLeft: Math.max(0, sub.offerRenewalsLeft - 1),
    ...(downgrade ? { ...planFields(p), ...NO_PENDING_CHANGE, status: 'ACTIVE' } : {}),
    ...cardOf(p),
    updatedAt: now,
  });
}

/** Announces a plan's coming price on a subscription (with its notice): its renewals on or after the date pay it. */
export async function announceComingPrice(tx: Db, subscriptionId: string, change: { id: string; amount: number; price: string; effectiveAt: Date }, now: Date) {
  await updateSubscription(tx, subscriptionId, {
    comingPriceChangeId: change.id,
    comingAmount: change.amount,
    comingPrice: change.price,
    comingEffectiveAt: change.effectiveAt,
    updatedAt: now,
  });
}

/**
 * Clears a withdrawn price change from the subscriptions told of it: their renewals pay the price they pay now.
 * Returns them, for their mail.
 */
export function withdrawComingPrice(tx: Db, changeId: string, now: Date) {
  return tx
    .update(subscriptions)
    .set({ ...NO_COMING_PRICE, updatedAt: now })
    .where(eq(subscriptions.comingPriceChangeId, changeId))
    .returning({ id: subscriptions.id, userId: subscriptions.userId, serviceTitle: subscriptions.serviceTitle, recurring: subscriptions.recurring, amount: subscriptions.amount });
}

/** A lasting promo code's terms as a subscription keeps them (decision 0062). */
export interface LastingDiscount {
  code: string;
  type: 'percent' | 'amount';
  value: number;
  duration: 'months' | 'forever';
  months: number | null;
}

/**
 * A lasting code redeemed by a payment of the subscription: its renewals carry the discount for the code's months
 * counted from `now` (the payment's date; for a monthly plan, N months are the first payment and N-1 renewals), or
 * for good. It replaces any discount the subscription had.
 */
export async function grantLastingDiscount(tx: Db, subscriptionId: string, d: LastingDiscount, now: Date): Promise<void> {
  const endsAt = d.duration === 'forever' ? null : shiftByPeriods(now, 'month', billingAnchorDayOf(now), d.months ?? 1);
  await updateSubscription(tx, subscriptionId, { discountCode: d.code, discountType: d.type, discountValue: d.value, discountEndsAt: endsAt, updatedAt: now });
}

/** A paid upgrade: the subscription is on the new plan at once; the due date stays (the charge covered the rest). */
export async function upgradePaid(tx: Db, subscriptionId: string, p: PaidPlan, now: Date): Promise<void> {
  const sub = await findSubscription(tx, p.userId, subscriptionId, true);
  if (!sub || !isActive(sub)) return;
  await updateSubscription(tx, sub.id, { ...planFields(p), ...NO_PENDING_CHANGE, status: 'ACTIVE', ...cardOf(p), updatedAt: now });
}

/** A downgrade: ACTIVE_PENDING_UPDATE until the next due date, when the renewal charges and applies the new plan. */
export async function scheduleDowngrade(tx: Db, subscriptionId: string, plan: Omit<PaidPlan, 'cardId' | 'cardBrand' | 'cardLast4'>, now: Date) {
  return updateSubscription(tx, subscriptionId, {
    status: 'ACTIVE_PENDING_UPDATE',
    pendingServiceId: plan.serviceId,
    pendingServiceTitle: plan.serviceTitle,
    pendingPrice: plan.price,
    pendingAmount: plan.amount,
    pendingRecurring: plan.recurring,
    updatedAt: now,
  });
}

/** Undoes a scheduled downgrade (and is how a cancellation drops one). */
export async function dropPendingChange(tx: Db, subscriptionId: string, now: Date) {
  return updateSubscription(tx, subscriptionId, { status: 'ACTIVE', ...NO_PENDING_CHANGE, updatedAt: now });
}

/**
 * A failed renewal: retried `retryDays` (e.g. 1, 3 and 7) days after the first failed attempt, each retry timed from
 * the failure before it so that a late sweep never bunches the retries together; after the last retry fails,
 * INACTIVE_NONPAYMENT. A subscription cancelled meanwhile simply stays cancelled.
 */
export async function recordRenewalFailure(
  tx: Db,
  subscriptionId: string,
  userId: string,
  retryDays: number[],
  now: Date,
  reason: string | null = null,
): Promise<void> {
  const sub = await findSubscription(tx, userId, subscriptionId, true);
  if (!sub || !isActive(sub)) return;
  const failures = sub.renewalFailures + 1;
  const nextDay = retryDays[failures - 1];
  await updateSubscription(
    tx,
    sub.id,
    nextDay === undefined
      ? { status: 'INACTIVE_NONPAYMENT', ...NO_PENDING_CHANGE, renewalFailures: failures, renewalFailureReason: reason, nextRenewalAttemptAt: null, updatedAt: now }
      : {
          renewalFailures: failures,
          renewalFailureReason: reason,
          nextRenewalAttemptAt: addDays(now, nextDay - (retryDays[failures - 2] ?? 0)),
          updatedAt: now,
        },
  );
}
