import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { sendRefundIssued } from '../notifications/index.ts';
import type { PaymentRow, RefundRow } from './schema.ts';

/**
 * Staff asked for a refund: who, of what, how much and why, in the transaction that holds the refund's amount.
 * The refund's outcome (Complete or Failed) shows on the payment; Square's answer does not rewrite the record.
 */
export async function auditRefund(tx: Db, actor: AuditActor, payment: PaymentRow, refund: RefundRow, refundedBefore: number) {
  await recordAudit(tx, {
    actor,
    action: 'payment.refund',
    entityType: 'payment',
    entityId: payment.id,
    customerId: payment.userId,
    before: { serviceTitle: payment.serviceTitle, amount: payment.amount, refunded: refundedBefore },
    after: { serviceTitle: payment.serviceTitle, amount: payment.amount, refunded: refundedBefore + refund.amount, refundAmount: refund.amount, reason: refund.reason },
    now: refund.createdAt,
  });
}

/** The customer's e-mail once a refund has gone through, in the transaction that records it as Complete. */
export async function mailCompletedRefund(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, payment: PaymentRow, refund: RefundRow) {
  if (refund.status !== 'Complete') return;
  await sendRefundIssued(app, tx, {
    userId: payment.userId,
    amount: refund.amount,
    reason: refund.reason,
    paymentAmount: payment.amount,
    serviceTitle: payment.serviceTitle,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
    paidAt: payment.createdAt,
    refundedAt: refund.updatedAt,
  });
}
