import type { FastifyInstance } from 'fastify';
import type { Payment } from '@portal/contracts/billing';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { recordAudit } from '../audit/index.ts';
import { findSubscription, isActive, SUBSCRIPTION_NOT_FOUND, type StaffAct } from '../subscriptions/index.ts';
import { findCard } from './cards-repository.ts';
import { findPendingPaymentOf } from './payments-repository.ts';
import { processPayment } from './processor.ts';
import { createRenewalPayment } from './renewals.ts';
import { CARD_NOT_FOUND, isUsableCard, toPayment } from './views.ts';

/**
 * "Update card and pay now" from the dunning banner: the overdue renewal is charged at once, as the next attempt of
 * the period. Its key (subscription, period, attempt) is the one the renewal sweep would use for that attempt, and
 * the subscription's row lock plus the one-live-renewal-per-period index mean any number of clicks, and a sweep
 * running meanwhile, make one charge. Paid, the subscription is ACTIVE and its retries are cancelled. Staff retrying a
 * failed renewal use the same path (`staff`), with the subscription's own card, and the retry is audited.
 */
export async function payNow(app: Pick<FastifyInstance, 'billing' | 'clock' | 'config' | 'db' | 'log' | 'mail'>, userId: string, id: string, cardId: string | null | undefined, staff?: StaffAct): Promise<Payment> {
  const now = app.clock();
  if (cardId) {
    const card = await findCard(app.db, userId, cardId);
    if (!card) throw notFound(CARD_NOT_FOUND);
    if (!isUsableCard(card)) throw badRequest('CARD_NOT_USABLE', 'This card cannot be charged. Please choose another card.');
  }
  const { payment, created } = await app.db.transaction(async (tx) => {
    const sub = await findSubscription(tx, userId, id, true);
    if (!sub) throw notFound(SUBSCRIPTION_NOT_FOUND);
    const inFlight = await findPendingPaymentOf(tx, sub.id);
    if (inFlight?.purchaseType === 'Renewal') return { payment: inFlight, created: false };
    if (inFlight) throw conflict('PAYMENT_IN_PROGRESS', 'A payment for this subscription is already in progress.');
    if (!isActive(sub) || sub.renewalFailures === 0) throw conflict('NOTHING_DUE', 'This subscription has no overdue payment.');
    const row = await createRenewalPayment(tx, sub, now, cardId ?? sub.cardId);
    if (!row) throw conflict('PAYMENT_IN_PROGRESS', 'A payment for this subscription is already in progress.');
    if (staff) {
      await recordAudit(tx, {
        actor: staff.actor,
        action: 'subscription.retry-renewal',
        entityType: 'subscription',
        entityId: sub.id,
        customerId: userId,
        before: { serviceTitle: sub.serviceTitle, renewalFailures: sub.renewalFailures, renewalFailureReason: sub.renewalFailureReason },
        after: { serviceTitle: sub.serviceTitle, paymentId: row.id, amount: row.amount, attempt: row.attempt, reason: staff.why },
        now,
      });
    }
    await publishChange(tx, { topic: `payments:${row.id}`, audience: { userId } });
    return { payment: row, created: true };
  });
  if (created) app.billing.later(() => processPayment(app, payment.id, payment));
  return toPayment(payment);
}
