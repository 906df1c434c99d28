import type { FastifyInstance } from 'fastify';
import { publishChange } from '../../platform/events/change-feed.ts';
import type { ChargeResult } from '../../platform/square/gateway.ts';
import { reactivatePaid, recordRenewalFailure, renewPaid, startSubscription, upgradePaid, type PaidPlan } from '../subscriptions/index.ts';
import { receiptDetailsAt } from './billing-profile.ts';
import { claimPayment, lockPayment, nextReceiptNumber, updatePayment } from './payments-repository.ts';
import { mailSettledPayment } from './payment-mails.ts';
import { redeemPromo } from './promo.ts';
import type { PaymentRow } from './schema.ts';

export const NO_CARD_REASON = 'No card on file to charge. Please add a card in Payment Methods.';

/**
 * Charges a pending payment and records the result (spec §4: Pending, then Complete or Failed). The payment id is
 * Square's idempotency key, so running this again for the same payment (after a crash between the charge and the
 * commit, or from two instances) gets Square's first answer back: one charge, whatever happens.
 */
export async function processPayment(app: FastifyInstance, id: string, claimed?: PaymentRow): Promise<void> {
  const payment = claimed ?? (await claimPayment(app.db, id, app.clock()));
  if (!payment) return;
  const result = await charge(app, payment);
  await app.billing.faults.afterCharge?.(payment.id);
  await finalizePayment(app, payment.id, result);
}

async function charge(app: FastifyInstance, p: PaymentRow): Promise<ChargeResult> {
  // A 100%-off first payment completes with no charge.
  if (p.amount === 0) return { ok: true, squarePaymentId: '' };
  if (!p.cardSquareId) return { ok: false, code: 'NO_CARD', reason: NO_CARD_REASON, squarePaymentId: null };
  return app.billing.gateway.createPayment({
    idempotencyKey: p.id,
    sourceId: p.cardSquareId,
    customerId: p.customerId,
    amountCents: p.amount,
    referenceId: p.id,
    note: `${p.serviceTitle} (${p.purchaseType})`.slice(0, 500),
  });
}

const paidPlan = (p: PaymentRow): PaidPlan => ({
  userId: p.userId,
  serviceId: p.serviceId,
  serviceTitle: p.serviceTitle,
  price: p.price,
  // A plan change's subtotal is the prorated charge; the plan's price per period is kept beside it.
  amount: p.planAmount ?? p.subtotal,
  recurring: p.recurring,
  cardId: p.cardId,
  cardBrand: p.cardBrand,
  cardLast4: p.cardLast4,
});

/** In one transaction: the payment's status, and what it does to its subscription and promo code. */
async function finalizePayment(app: FastifyInstance, id: string, result: ChargeResult): Promise<void> {
  await app.db.transaction(async (tx) => {
    const p = await lockPayment(tx, id);
    if (!p || p.status !== 'Pending') return;
    const now = app.clock();
    let subscriptionId = p.subscriptionId;
    if (result.ok) {
      if (p.purchaseType === 'New Subscription') subscriptionId = await startSubscription(tx, paidPlan(p), now);
      else if (p.purchaseType === 'Reactivation' && subscriptionId) await reactivatePaid(tx, subscriptionId, paidPlan(p), now);
      else if (p.purchaseType === 'Renewal' && subscriptionId && p.renewalPeriod) await renewPaid(tx, subscriptionId, p.renewalPeriod, paidPlan(p), now);
      else if (p.purchaseType === 'Plan Change' && subscriptionId) await upgradePaid(tx, subscriptionId, paidPlan(p), now);
      // A renewal names the discount it carries; only a purchase redeems a code (and a new or reactivated
      // subscription keeps a lasting code's discount).
      if (p.promoCode && p.purchaseType !== 'Renewal') {
        const lastsFor = p.purchaseType === 'Plan Change' ? null : subscriptionId;
        await redeemPromo(tx, p.promoCode, now, lastsFor);
      }
      const receiptNumber = await nextReceiptNumber(tx);
      const receiptDetails = await receiptDetailsAt(app, tx, p.userId, p.amount);
      await updatePayment(tx, id, {
        status: 'Complete',
        subscriptionId,
        squarePaymentId: result.squarePaymentId || null,
        receiptNumber,
        receiptDetails,
        leaseUntil: null,
        updatedAt: now,
      });
    } else {
      await updatePayment(tx, id, { status: 'Failed', failureReason: result.reason, squarePaymentId: result.squarePaymentId, leaseUntil: null, updatedAt: now });
      if (p.purchaseType === 'Renewal' && subscriptionId) {
        await recordRenewalFailure(tx, subscriptionId, p.userId, app.config.renewalRetryDays, now, result.reason);
      }
    }
    await mailSettledPayment(app, tx, (await lockPayment(tx, id))!);
    const audience = { userId: p.userId };
    await publishChange(tx, { topic: `payments:${id}`, audience });
    if (subscriptionId) await publishChange(tx, { topic: `subscriptions:${subscriptionId}`, audience });
  });
}
