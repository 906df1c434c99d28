import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isOpenDispute, type PaymentDispute } from '@portal/contracts/billing';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { sendDisputeAlert } from '../notifications/index.ts';
import { lockPaymentOfSquare, type DisputeFacts } from './payments-repository.ts';
import { paymentDisputes } from './schema.ts';
import { squareTime, type Applied, type SquareDispute } from './webhook-events.ts';

export const toDispute = (row: DisputeFacts): PaymentDispute => ({
  id: row.id,
  state: row.state,
  reason: row.reason,
  amount: row.amount,
  dueAt: row.dueAt && isOpenDispute(row.state) ? row.dueAt.getTime() : null,
  createdAt: row.createdAt.getTime(),
});

/** The latest dispute of each payment that has one. */
export async function latestDisputes(db: Db, paymentIds: string[]): Promise<Map<string, PaymentDispute>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([paymentDisputes.paymentId])
    .from(paymentDisputes)
    .where(inArray(paymentDisputes.paymentId, paymentIds))
    .orderBy(paymentDisputes.paymentId, desc(paymentDisputes.createdAt), desc(paymentDisputes.id));
  return new Map(rows.map((row) => [row.paymentId, toDispute(row)]));
}

/**
 * `dispute.created` / `dispute.state.updated`: the payment's dispute is recorded, or moved on to the state Square
 * reports. Square numbers a dispute's versions, so a late event older than what is stored changes nothing. A new
 * dispute alerts staff (an e-mail to each, and a warning in the log once committed).
 */
export async function applyDispute(app: Pick<FastifyInstance, 'clock' | 'config' | 'log' | 'mail'>, tx: Db, dispute: SquareDispute): Promise<Applied> {
  const payment = await lockPaymentOfSquare(tx, dispute.disputed_payment.payment_id);
  if (!payment) return { applied: false };
  const id = (dispute.id ?? dispute.dispute_id)!;
  const now = app.clock();
  const fields = {
    state: dispute.state,
    reason: dispute.reason ?? 'UNKNOWN',
    amount: dispute.amount_money?.amount ?? payment.amount,
    dueAt: squareTime(dispute.due_at),
    version: dispute.version ?? 0,
    updatedAt: now,
  };
  const [stored] = await tx.select().from(paymentDisputes).where(eq(paymentDisputes.id, id));
  const audience = { userId: payment.userId };
  if (!stored) {
    const [row] = await tx.insert(paymentDisputes).values({ id, paymentId: payment.id, userId: payment.userId, createdAt: now, ...fields }).returning();
    await sendDisputeAlert(app, tx, { ...row!, serviceTitle: payment.serviceTitle });
    await publishChange(tx, { topic: `payments:${payment.id}`, audience });
    return {
      applied: true,
      paymentId: payment.id,
      afterCommit: () =>
        app.log.warn({ disputeId: id, paymentId: payment.id, userId: payment.userId, amount: row!.amount, state: row!.state }, 'a customer disputed a payment at their bank; staff were e-mailed'),
    };
  }
  if (fields.version < stored.version || (stored.state === fields.state && stored.amount === fields.amount && stored.dueAt?.getTime() === fields.dueAt?.getTime())) {
    return { applied: false, paymentId: payment.id };
  }
  await tx.update(paymentDisputes).set(fields).where(eq(paymentDisputes.id, id));
  await publishChange(tx, { topic: `payments:${payment.id}`, audience });
  return { applied: true, paymentId: payment.id };
}
