import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { lockPaymentOfSquare } from './payments-repository.ts';
import { mailCompletedRefund } from './refund-records.ts';
import { refunds, type RefundRow } from './schema.ts';
import type { Applied, SquareRefund } from './webhook-events.ts';

/** What a refund made in Square's Dashboard without a reason says. */
export const DASHBOARD_REFUND_REASON = 'Refunded at Square';

const STATUS: Record<string, RefundRow['status']> = { PENDING: 'Pending', COMPLETED: 'Complete', REJECTED: 'Failed', FAILED: 'Failed' };

/**
 * `refund.created` / `refund.updated`: a refund Square made of one of our payments. The portal's own refunds are
 * found by Square's refund id and only change status; any other (the Dashboard's) is recorded as a refund of
 * origin `square`, so the customer's history shows it. Pending never undoes a settled status (events may arrive out
 * of order), a refund that turns Complete is e-mailed to the customer, and a refund the portal is still waiting for Square's answer to is merged when that answer is recorded.
 */
export async function applySquareRefund(app: Pick<FastifyInstance, 'clock' | 'config' | 'mail'>, tx: Db, refund: SquareRefund): Promise<Applied> {
  const payment = await lockPaymentOfSquare(tx, refund.payment_id);
  if (!payment) return { applied: false };
  const status = STATUS[refund.status] ?? 'Pending';
  const now = app.clock();
  const [known] = await tx.select().from(refunds).where(eq(refunds.squareRefundId, refund.id));
  if (known && (known.status === status || status === 'Pending')) return { applied: false, paymentId: payment.id };
  let settled: RefundRow | undefined;
  if (known) {
    [settled] = await tx
      .update(refunds)
      .set({ status, failureReason: status === 'Failed' ? `Square reported the refund ${refund.status}.` : null, updatedAt: now })
      .where(eq(refunds.id, known.id))
      .returning();
  } else {
    if (refund.amount_money.amount < 1) return { applied: false, paymentId: payment.id };
    [settled] = await tx.insert(refunds).values({
      id: randomUUID(),
      paymentId: payment.id,
      userId: payment.userId,
      amount: refund.amount_money.amount,
      reason: refund.reason?.trim() || DASHBOARD_REFUND_REASON,
      status,
      idempotencyKey: `square:${refund.id}`,
      squareRefundId: refund.id,
      origin: 'square',
      createdAt: now,
      updatedAt: now,
    }).returning();
  }
  // Pending never follows a settled status here, so a refund turns Complete (and is mailed) once.
  if (settled) await mailCompletedRefund(app, tx, payment, settled);
  await publishChange(tx, { topic: `payments:${payment.id}`, audience: { userId: payment.userId } });
  return { applied: true, paymentId: payment.id };
}

/**
 * When the portal records Square's answer to its own refund: a webhook about that very refund may have come first
 * and recorded it as a Dashboard refund. That row gives way to the portal's (which keeps the staff member and
 * reason), taking the status Square reported if it had settled. Runs under the payment's row lock.
 */
export async function takeOverToldRefund(tx: Db, squareRefundId: string): Promise<RefundRow['status'] | null> {
  const [told] = await tx.delete(refunds).where(and(eq(refunds.squareRefundId, squareRefundId), eq(refunds.origin, 'square'))).returning();
  return told && told.status !== 'Pending' ? told.status : null;
}
