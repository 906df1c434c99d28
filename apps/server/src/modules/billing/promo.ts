import { eq, sql } from 'drizzle-orm';
import { PROMO_MESSAGES, type PromoResult } from '@portal/contracts/billing';
import type { Db } from '../../platform/db/client.ts';
import { promoCodes } from '../content/index.ts';
import type { PricedPlan } from '../plans/index.ts';

export interface PromoEvaluation {
  ok: boolean;
  result: PromoResult;
}

export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

/**
 * Checks a promo code against a plan at a time (spec §7 validateAndApplyPromoCode) and prices the plan with it.
 * Percent discounts round to the nearest cent; fixed discounts never go below zero.
 */
export async function evaluatePromo(db: Db, rawCode: string, plan: PricedPlan, now: Date): Promise<PromoEvaluation> {
  const code = normalizePromoCode(rawCode);
  const refuse = (message: string): PromoEvaluation => ({
    ok: false,
    result: { status: 'error', message, promoCode: code, finalAmount: plan.amount },
  });
  if (!code) return refuse(PROMO_MESSAGES.invalid);
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  if (!promo || !promo.active) return refuse(PROMO_MESSAGES.invalid);
  if (promo.expiresAt && promo.expiresAt.getTime() <= now.getTime()) return refuse(PROMO_MESSAGES.expired);
  if (promo.serviceIds && !promo.serviceIds.includes(plan.id)) return refuse(PROMO_MESSAGES.wrongPlan);
  if (promo.maxRedemptions !== null && promo.redemptions >= promo.maxRedemptions) return refuse(PROMO_MESSAGES.exhausted);
  const discount = promo.type === 'percent' ? Math.round((plan.amount * promo.value) / 100) : Math.min(promo.value, plan.amount);
  return {
    ok: true,
    result: { status: 'success', message: PROMO_MESSAGES.applied, promoCode: code, finalAmount: plan.amount - discount },
  };
}

/** Counts a redemption; called only when a payment with the code completes. */
export async function redeemPromo(tx: Db, code: string): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ redemptions: sql`${promoCodes.redemptions} + 1` })
    .where(eq(promoCodes.code, code));
}
