import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Payment, Refund, RefundRequest } from '@portal/contracts/billing';
import { formatCents } from '@portal/contracts/money';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import type { RefundResult } from '../../platform/square/gateway.ts';
import { withRefunds } from './checkout-service.ts';
import { findAnyPayment, lockPayment } from './payments-repository.ts';
import { refunds, type RefundRow } from './schema.ts';
import { auditRefund, mailCompletedRefund } from './refund-records.ts';
import { takeOverToldRefund } from './square-refunds.ts';

const toRefund = (r: RefundRow): Refund => ({
  id: r.id,
  paymentId: r.paymentId,
  amount: r.amount,
  reason: r.reason,
  status: r.status,
  failureReason: r.failureReason,
  createdAt: r.createdAt.getTime(),
});

/**
 * What is no longer refundable: every refund made or in flight. Square tells of a refund (webhook) before the portal
 * has recorded Square's answer to it, and that refund is held as told (origin `square`) until the answer takes it
 * over (decision 0056). So a told refund of the same amount as one of ours still awaiting its answer is counted once:
 * counting both would refuse a refund that fits. Should it really be another refund made in Square's Dashboard at
 * that moment, Square refuses whatever would go past the payment, and the refund is recorded as failed.
 */
async function refundedOrHeld(db: Db, paymentId: string): Promise<number> {
  const rows = await db
    .select({ amount: refunds.amount, origin: refunds.origin, status: refunds.status, squareRefundId: refunds.squareRefundId })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.status, ['Pending', 'Complete'])));
  const awaitingAnswer = rows.filter((r) => r.origin === 'portal' && r.status === 'Pending' && !r.squareRefundId).map((r) => r.amount);
  let held = 0;
  for (const r of rows) {
    const sameAsOurs = r.origin === 'square' ? awaitingAnswer.indexOf(r.amount) : -1;
    if (sameAsOurs >= 0) awaitingAnswer.splice(sameAsOurs, 1);
    else held += r.amount;
  }
  return held;
}

async function answer(app: Pick<FastifyInstance, 'db'>, refund: RefundRow): Promise<{ refund: Refund; payment: Payment }> {
  const payment = (await findAnyPayment(app.db, refund.paymentId))!;
  return { refund: toRefund(refund), payment: (await withRefunds(app.db, [payment]))[0]! };
}

/**
 * A staff refund (issue 17): full or partial, with a reason, through Square's Refunds API. Under the payment's row
 * lock the amount is checked against what is left (refunds made and in flight count), and a Pending refund is
 * stored with its audit entry; its id is Square's idempotency key, so a retry is one refund at Square. The staff's key makes resending
 * the same request answer the same refund. Once Square has made it, the customer is e-mailed.
 */
export async function refundPayment(app: Pick<FastifyInstance, 'billing' | 'clock' | 'config' | 'db' | 'mail'>, staff: SessionUser, paymentId: string, input: RefundRequest) {
  const key = `${paymentId}:${input.idempotencyKey}`;
  const now = app.clock();
  const { refund, squarePaymentId } = await app.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw notFound('Payment not found.');
    const [prior] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, key));
    if (prior) return { refund: prior, squarePaymentId: payment.squarePaymentId };
    if (payment.status !== 'Complete' || !payment.squarePaymentId) throw conflict('NOT_REFUNDABLE', 'Only a completed card payment can be refunded.');
    const refundedBefore = await refundedOrHeld(tx, paymentId);
    const left = payment.amount - refundedBefore;
    if (input.amount > left) {
      throw badRequest('REFUND_TOO_LARGE', `A refund cannot be more than what is left of the payment (${formatCents(left)}).`);
    }
    const [row] = await tx
      .insert(refunds)
      .values({
        id: randomUUID(),
        paymentId,
        userId: payment.userId,
        amount: input.amount,
        reason: input.reason.trim(),
        status: 'Pending',
        idempotencyKey: key,
        staffId: staff.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await auditRefund(tx, staff, payment, row!, refundedBefore);
    return { refund: row!, squarePaymentId: payment.squarePaymentId };
  });
  // Settled already: the same request again answers it. Still Pending (new, or after a fault): Square is asked with
  // the refund's own id as the idempotency key, so however often this runs there is one refund at Square.
  if (refund.status !== 'Pending' || !squarePaymentId) return answer(app, refund);

  let result: RefundResult;
  try {
    result = await app.billing.gateway.refundPayment({
      idempotencyKey: refund.id,
      squarePaymentId,
      amountCents: refund.amount,
      reason: refund.reason,
    });
  } catch {
    // Left Pending (it still holds its amount); sending the same request again retries it as one refund at Square.
    throw new AppError(502, 'PROVIDER_UNAVAILABLE', 'Could not reach the payment provider. Please try again.');
  }
  const done = await app.db.transaction(async (tx) => {
    const payment = (await lockPayment(tx, paymentId))!;
    // Square's webhook may have told of this refund before its answer got here (decision 0056).
    const told = result.ok ? await takeOverToldRefund(tx, result.squareRefundId) : null;
    const [row] = await tx
      .update(refunds)
      .set(
        result.ok
          ? { status: told ?? 'Complete', squareRefundId: result.squareRefundId, updatedAt: app.clock() }
          : { status: 'Failed', failureReason: result.reason, updatedAt: app.clock() },
      )
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'Pending')))
      .returning();
    if (!row) return (await tx.select().from(refunds).where(eq(refunds.id, refund.id)))[0]!;
    // A refund Square's webhook told of as settled was mailed then.
    if (told !== 'Complete') await mailCompletedRefund(app, tx, payment, row);
    await publishChange(tx, { topic: `payments:${paymentId}`, audience: { userId: row!.userId } });
    return row!;
  });
  return answer(app, done);
}
