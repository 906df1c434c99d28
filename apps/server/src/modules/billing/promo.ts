import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { PROMO_MESSAGES, type PromoResult } from '@portal/contracts/billing';
import { topics } from '@portal/contracts/topics';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { badRequest, conflict } from '../../platform/http/errors.ts';
import type { PricedPlan } from '../plans/index.ts';
import { discountOff, grantLastingDiscount } from '../subscriptions/index.ts';
import { payments, promoCodes } from './schema.ts';

export type PromoRefusal = Exclude<keyof typeof PROMO_MESSAGES, 'applied'>;

export interface PromoEvaluation {
  ok: boolean;
  result: PromoResult;
  refusal?: PromoRefusal;
}

export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

/**
 * Payments still Pending with the code: each holds one of its redemptions until it completes or fails. A renewal
 * names the code of the discount it carries but redeems nothing.
 */
async function reservedRedemptions(db: Db, code: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.promoCode, code), eq(payments.status, 'Pending'), ne(payments.purchaseType, 'Renewal')));
  return Number(row?.n ?? 0);
}

/** Purchases of one customer with the code, completed or still Pending (a failed one used nothing). */
async function customerRedemptions(db: Db, code: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(
      and(
        eq(payments.promoCode, code),
        eq(payments.userId, userId),
        inArray(payments.status, ['Pending', 'Complete']),
        ne(payments.purchaseType, 'Renewal'),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Checks a promo code against a plan at a time (spec §7 validateAndApplyPromoCode) and prices the plan with it.
 * Percent discounts round to the nearest cent; fixed discounts never go below zero. A limited code counts the
 * redemptions it gave plus those held by pending payments.
 *
 * With `reserve`, the check is the reservation (decision 0014): it runs in the transaction that inserts the Pending
 * payment, under a lock on the code's row that every other reservation and every completing payment of the code
 * also takes. Pending payments are counted after the lock is held, so they include those of every checkout that held
 * it before, on any instance; the limit is never exceeded however many checkouts run at once. The limit per customer
 * (`userId`: the buyer; without one, as for a quote before sign-in, it is not checked) is counted under the same lock.
 */
export async function evaluatePromo(db: Db, rawCode: string, plan: PricedPlan, now: Date, reserve = false, userId: string | null = null): Promise<PromoEvaluation> {
  const code = normalizePromoCode(rawCode);
  const refuse = (refusal: PromoRefusal): PromoEvaluation => ({
    ok: false,
    refusal,
    result: { status: 'error', message: PROMO_MESSAGES[refusal], promoCode: code, finalAmount: plan.amount },
  });
  if (!code) return refuse('invalid');
  const query = db.select().from(promoCodes).where(eq(promoCodes.code, code));
  const [promo] = reserve ? await query.for('no key update') : await query;
  if (!promo || !promo.active) return refuse('invalid');
  if (promo.expiresAt && promo.expiresAt.getTime() <= now.getTime()) return refuse('expired');
  if (promo.serviceIds && !promo.serviceIds.includes(plan.id)) return refuse('wrongPlan');
  if (promo.maxRedemptions !== null && promo.redemptions + (await reservedRedemptions(db, code)) >= promo.maxRedemptions) {
    return refuse('exhausted');
  }
  if (userId && promo.maxPerCustomer !== null && (await customerRedemptions(db, code, userId)) >= promo.maxPerCustomer) {
    return refuse('customerLimit');
  }
  const discount = discountOff(plan.amount, promo.type, promo.value);
  return {
    ok: true,
    result: { status: 'success', message: PROMO_MESSAGES.applied, promoCode: code, finalAmount: plan.amount - discount },
  };
}

/** A refused code as the 4xx a purchase answers: a used-up code is a conflict, anything else bad input. */
export function promoRefusalError(evaluation: PromoEvaluation) {
  if (evaluation.refusal === 'exhausted') return conflict('PROMO_EXHAUSTED', evaluation.result.message);
  if (evaluation.refusal === 'customerLimit') return conflict('PROMO_CUSTOMER_LIMIT', evaluation.result.message);
  return badRequest('PROMO_INVALID', evaluation.result.message);
}

/**
 * Turns the reservation of a completing payment into a redemption, in the transaction that marks it Complete (the
 * update takes the same row lock as a reservation, so no checkout counts the payment both as pending and redeemed).
 * A lasting code bought with a subscription (`lastsFor`: the subscription a new purchase or a reactivation paid
 * for) gives that subscription's renewals its discount, on the terms the code has now (decision 0062).
 */
export async function redeemPromo(tx: Db, code: string, now: Date, lastsFor: string | null = null): Promise<void> {
  const [promo] = await tx
    .update(promoCodes)
    .set({ redemptions: sql`${promoCodes.redemptions} + 1` })
    .where(eq(promoCodes.code, code))
    .returning();
  if (promo && lastsFor && promo.duration !== 'once') {
    await grantLastingDiscount(tx, lastsFor, { code: promo.code, type: promo.type, value: promo.value, duration: promo.duration, months: promo.durationMonths }, now);
  }
  // The staff promo codes list shows the count live.
  await publishChange(tx, { topic: topics.plans, audience: { staff: true } });
}
