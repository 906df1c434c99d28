import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import type { ChargeResult } from '../../platform/square/gateway.ts';
import { reactivatePaid, recordRenewalFailure, renewPaid, startSubscription, upgradePaid, type PaidPlan } from '../subscriptions/index.ts';
import { receiptDetailsAt } from './billing-profile.ts';
import { claimPayment, lockPayment, markReceiptMailDue, nextReceiptNumber, updatePayment } from './payments-repository.ts';
import { mailFailedPayment, mailReceipt } from './payment-mails.ts';
import { redeemPromo } from './promo.ts';
import type { PaymentRow } from './schema.ts';

export const NO_CARD_REASON = 'No card on file to charge. Please add a card in Payment Methods.';

/**
 * Charges a pending payment and records the result (spec §4: Pending, then Complete or Failed). The payment id is
 * Square's idempotency key, so running this again for the same payment (after a crash between the charge and the
 * commit, or from two instances) gets Square's first answer back: one charge, whatever happens.
 */
export async function processPayment(app: Pick<FastifyInstance, 'billing' | 'clock' | 'config' | 'db' | 'log' | 'mail'>, id: string, claimed?: PaymentRow): Promise<void> {
  const payment = claimed ?? (await claimPayment(app.db, id, app.clock()));
  if (!payment) return;
  const result = await charge(app, payment);
  await app.billing.faults.afterCharge?.(payment.id);
  const completed = await finalizePayment(app, payment.id, result);
  // After the commit: a receipt that fails to render or queue here stays due, and the sweep sends it.
  if (completed) await mailReceipt(app, payment.id).catch((err: unknown) => app.log.warn({ err, paymentId: payment.id }, 'receipt mail left due'));
}

async function charge(app: Pick<FastifyInstance, 'billing'>, p: PaymentRow): Promise<ChargeResult> {
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

/**
 * In one transaction: the payment's status, and what it does to its subscription and promo code. True when this
 * call completed the payment (its receipt mail is then due).
 */
async function finalizePayment(app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'mail'>, id: string, result: ChargeResult): Promise<boolean> {
  return app.db.transaction(async (tx) => {
    const p = await lockPayment(tx, id);
    if (!p || p.status !== 'Pending') return false;
    const now = app.clock();
    let subscriptionId = p.subscriptionId;
    if (!result.ok) {
      await updatePayment(tx, id, { status: 'Failed', failureReason: result.reason, squarePaymentId: result.squarePaymentId, leaseUntil: null, updatedAt: now });
      if (p.purchaseType === 'Renewal' && subscriptionId) {
        await recordRenewalFailure(tx, subscriptionId, p.userId, app.config.renewalRetryDays, now, result.reason);
      }
      await mailFailedPayment(app, tx, (await lockPayment(tx, id))!);
      await publishChanges(tx, p.userId, id, subscriptionId);
      return false;
    }
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
    const receiptDetails = await receiptDetailsAt(app, tx, p.userId, p.amount);
    await publishChanges(tx, p.userId, id, subscriptionId);
    await markReceiptMailDue(tx, id, now);
    // Last: the receipt counter row stays locked from here to the commit (numbers with no gaps), so nothing after
    // it may take long; the receipt renders once this has committed (`mailReceipt`).
    const receiptNumber = await nextReceiptNumber(tx);
    await updatePayment(tx, id, {
      status: 'Complete',
      subscriptionId,
      squarePaymentId: result.squarePaymentId || null,
      receiptNumber,
      receiptDetails,
      leaseUntil: null,
      updatedAt: now,
    });
    return true;
  });
}

/** The payment's and its subscription's live topics, heard by the owner once the transaction commits. */
async function publishChanges(tx: Db, userId: string, paymentId: string, subscriptionId: string | null) {
  const audience = { userId };
  await publishChange(tx, { topic: `payments:${paymentId}`, audience });
  if (subscriptionId) await publishChange(tx, { topic: `subscriptions:${subscriptionId}`, audience });
}
