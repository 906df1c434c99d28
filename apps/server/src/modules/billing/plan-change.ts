import type { FastifyInstance } from 'fastify';
import { PRORATION_ROUNDING, type Payment, type PlanOption, type PlanOptions, type PromoResult } from '@portal/contracts/billing';
import type { Subscription } from '@portal/contracts/subscriptions';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { findPlanForSale, listVisiblePlans, type PricedPlan } from '../plans/index.ts';
import {
  dropPendingChange,
  findSubscription,
  hasPaymentInFlight,
  isActive,
  periodStartOf,
  scheduleDowngrade,
  SUBSCRIPTION_NOT_FOUND,
  toSubscription,
  type SubscriptionRow,
} from '../subscriptions/index.ts';
import { findCustomer, findUsableCard } from './cards-repository.ts';
import { countFailedChanges, findCompletedChange, findPaymentByKey, insertPayment } from './payments-repository.ts';
import { PLAN_NOT_FOUND } from './checkout-service.ts';
import { processPayment } from './processor.ts';
import { evaluatePromo, normalizePromoCode, promoRefusalError } from './promo.ts';
import { toPayment, payerFields } from './views.ts';

const DAY_MS = 86_400_000;

export interface Proration {
  remainingDays: number;
  periodDays: number;
  amount: number;
}

/**
 * A per-period amount for the part of the period still to run, in whole days: remaining days are counted up (the day
 * under way counts), at least 1 and at most the period's days; the result rounds to the nearest cent, half a cent
 * up, in integer arithmetic.
 */
export function prorate(perPeriodCents: number, now: Date, periodStart: Date, periodEnd: Date): Proration {
  const periodDays = Math.max(1, Math.round((periodEnd.getTime() - periodStart.getTime()) / DAY_MS));
  const remainingDays = Math.min(periodDays, Math.max(1, Math.ceil((periodEnd.getTime() - now.getTime()) / DAY_MS)));
  const amount = Math.floor((2 * Math.max(0, perPeriodCents) * remainingDays + periodDays) / (2 * periodDays));
  return { remainingDays, periodDays, amount };
}

/** What changing `sub` to `plan` costs now, with an optional promo code already evaluated for the new plan. */
function priceChange(sub: SubscriptionRow, plan: PricedPlan, now: Date, promo: PromoResult | null): PlanOption {
  const kind = plan.id === sub.serviceId ? 'current' : plan.amount > sub.amount ? 'upgrade' : 'downgrade';
  const base = {
    planId: plan.id,
    title: plan.title,
    price: plan.price,
    amount: plan.amount,
    recurring: plan.recurring,
    kind,
    priceDifference: plan.amount - sub.amount,
  } as const;
  const periodStart = periodStartOf(sub.dueDate, sub.recurring, sub.billingAnchorDay);
  const full = prorate(plan.amount - sub.amount, now, periodStart, sub.dueDate);
  if (kind !== 'upgrade') {
    return { ...base, subtotal: 0, discount: 0, chargeNow: 0, remainingDays: full.remainingDays, periodDays: full.periodDays, effectiveAt: sub.dueDate.getTime(), promo: null };
  }
  const discounted = promo?.status === 'success' ? prorate(promo.finalAmount - sub.amount, now, periodStart, sub.dueDate) : full;
  return {
    ...base,
    subtotal: full.amount,
    discount: full.amount - discounted.amount,
    chargeNow: discounted.amount,
    remainingDays: full.remainingDays,
    periodDays: full.periodDays,
    effectiveAt: now.getTime(),
    promo,
  };
}

/** Refuses a change the subscription cannot take now; the checks every change and quote share. */
function assertChangeable(sub: SubscriptionRow, now: Date) {
  if (!isActive(sub)) throw conflict('NOT_ACTIVE', 'Only an active subscription can change plan.');
  if (sub.renewalFailures > 0) throw conflict('PAYMENT_OVERDUE', 'Please pay the overdue renewal before changing plan.');
  if (sub.dueDate.getTime() <= now.getTime()) throw conflict('RENEWAL_DUE', 'This subscription is being renewed. Please try again in a moment.');
}

async function activeSubscription(db: Db, userId: string, id: string, lock = false) {
  const sub = await findSubscription(db, userId, id, lock);
  if (!sub) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return sub;
}

/** The visible plans with the price difference and what changing to each costs now (promo code for upgrades). */
export async function planOptionsOf(app: Pick<FastifyInstance, 'clock' | 'db'>, userId: string, id: string, rawPromo?: string): Promise<PlanOptions> {
  const now = app.clock();
  const sub = await activeSubscription(app.db, userId, id);
  assertChangeable(sub, now);
  const plans = await listVisiblePlans(app.db);
  const options: PlanOption[] = [];
  for (const plan of plans) {
    const promo = rawPromo?.trim() && plan.amount > sub.amount ? (await evaluatePromo(app.db, rawPromo, plan, now, false, userId)).result : null;
    options.push(priceChange(sub, plan, now, promo));
  }
  return { rounding: PRORATION_ROUNDING, options };
}

export interface ChangePlanInput {
  planId: string;
  promoCode?: string | null | undefined;
}

/**
 * Changes a subscription's plan. Upgrade: a Plan Change payment for the prorated difference, charged right after
 * the commit and applied when it completes. Downgrade: ACTIVE_PENDING_UPDATE until the due date. A change while a
 * downgrade waits replaces it.
 *
 * Everything is decided under the subscription's row lock, so one change runs at a time. The payment's idempotency
 * key is derived from our own record (subscription, plan from and to, the period, and how many changes to that plan
 * failed before): the same change sent again, at once or later, finds the payment the first one made.
 */
export async function changePlan(app: Pick<FastifyInstance, 'billing' | 'clock' | 'config' | 'db' | 'log' | 'mail'>, user: SessionUser, id: string, input: ChangePlanInput): Promise<{ subscription: Subscription; payment: Payment | null }> {
  const now = app.clock();
  const plan = await findPlanForSale(app.db, input.planId);
  if (!plan) throw notFound(PLAN_NOT_FOUND);
  const promoCode = input.promoCode ? normalizePromoCode(input.promoCode) : null;
  const customer = await findCustomer(app.db, user.id);

  const { sub, payment, created } = await app.db.transaction(async (tx) => {
    let sub = await activeSubscription(tx, user.id, id, true);
    const failed = await countFailedChanges(tx, sub.id, plan.id);
    const key = `plan-change-${sub.id}-${sub.serviceId}-${plan.id}-${sub.dueDate.getTime()}-${failed + 1}`;
    const prior = await findPaymentByKey(tx, user.id, key);
    if (prior) return { sub, payment: prior, created: false };
    if (sub.status === 'ACTIVE_PENDING_UPDATE') {
      if (sub.pendingServiceId === plan.id) return { sub, payment: null, created: false };
      // Another plan replaces the waiting downgrade (issue 28): it is dropped under this lock, and rolls back with
      // the transaction if the new change is refused. Choosing the current plan again is the same as undoing it.
      if (await hasPaymentInFlight(tx, sub.id)) throw conflict('PAYMENT_IN_PROGRESS', 'A payment for this subscription is already in progress.');
      sub = await dropPendingChange(tx, sub.id, now);
      if (plan.id === sub.serviceId) {
        await publishChange(tx, { topic: `subscriptions:${sub.id}`, audience: { userId: user.id } });
        return { sub, payment: null, created: false };
      }
    }
    if (plan.id === sub.serviceId) {
      // The same upgrade sent again after it went through (a double click, a retry): its payment, not a new one.
      const done = await findCompletedChange(tx, sub.id, plan.id, sub.dueDate);
      if (done) return { sub, payment: done, created: false };
      throw conflict('ALREADY_ON_PLAN', 'This subscription is already on this plan.');
    }
    assertChangeable(sub, now);
    if (await hasPaymentInFlight(tx, sub.id)) throw conflict('PAYMENT_IN_PROGRESS', 'A payment for this subscription is already in progress.');

    if (plan.amount <= sub.amount) {
      if (promoCode) throw badRequest('PROMO_UPGRADE_ONLY', 'Promo codes apply to upgrades, which are charged now.');
      const updated = await scheduleDowngrade(tx, sub.id, { userId: user.id, serviceId: plan.id, serviceTitle: plan.title, price: plan.price, amount: plan.amount, recurring: plan.recurring }, now);
      await publishChange(tx, { topic: `subscriptions:${sub.id}`, audience: { userId: user.id } });
      return { sub: updated, payment: null, created: false };
    }

    let promo: PromoResult | null = null;
    if (promoCode) {
      const evaluated = await evaluatePromo(tx, promoCode, plan, now, true, user.id);
      if (!evaluated.ok) throw promoRefusalError(evaluated);
      promo = evaluated.result;
    }
    const price = priceChange(sub, plan, now, promo);
    const card = await findUsableCard(tx, user.id, sub.cardId);
    if (!card && price.chargeNow > 0) throw badRequest('CARD_REQUIRED', 'Please add a card in Payment Methods to pay for the upgrade.');
    const inserted = await insertPayment(tx, {
      id: crypto.randomUUID(),
      userId: user.id,
      idempotencyKey: key,
      requestHash: key,
      status: 'Pending',
      purchaseType: 'Plan Change',
      serviceId: plan.id,
      serviceTitle: plan.title,
      price: plan.price,
      recurring: plan.recurring,
      subtotal: price.subtotal,
      discount: price.discount,
      amount: price.chargeNow,
      planAmount: plan.amount,
      periodEnd: sub.dueDate,
      promoCode: promo ? promo.promoCode : null,
      appliedDeal: promo,
      ...payerFields(card, customer?.squareCustomerId, user),
      subscriptionId: sub.id,
      createdAt: now,
      updatedAt: now,
    });
    if (!inserted) throw conflict('PAYMENT_IN_PROGRESS', 'A payment for this subscription is already in progress.');
    const audience = { userId: user.id };
    await publishChange(tx, { topic: `payments:${inserted.id}`, audience });
    await publishChange(tx, { topic: `subscriptions:${sub.id}`, audience });
    return { sub, payment: inserted, created: true };
  });
  if (created && payment) app.billing.later(() => processPayment(app, payment.id));
  return { subscription: toSubscription(sub, now), payment: payment ? toPayment(payment) : null };
}

/** Undoes a scheduled downgrade: ACTIVE on the current plan again. */
export async function undoPlanChange(app: Pick<FastifyInstance, 'clock' | 'db'>, userId: string, id: string): Promise<Subscription> {
  const now = app.clock();
  return app.db.transaction(async (tx) => {
    const sub = await activeSubscription(tx, userId, id, true);
    if (sub.status !== 'ACTIVE_PENDING_UPDATE') throw conflict('NO_PENDING_CHANGE', 'This subscription has no scheduled plan change.');
    if (await hasPaymentInFlight(tx, sub.id)) throw conflict('PAYMENT_IN_PROGRESS', 'A payment for this subscription is already in progress.');
    const updated = await dropPendingChange(tx, sub.id, now);
    await publishChange(tx, { topic: `subscriptions:${sub.id}`, audience: { userId } });
    return toSubscription(updated, now);
  });
}
