import type { FastifyInstance } from 'fastify';
import { receiptAmountLines } from '@portal/contracts/receipt';
import type { Db } from '../../platform/db/client.ts';
import { sendReceipt, sendRenewalFailure } from '../notifications/index.ts';
import { findSubscription } from '../subscriptions/index.ts';
import { lockPayment, overdueReceiptMails, takeReceiptMailDue } from './payments-repository.ts';
import { receiptOfRow } from './receipts.ts';
import type { PaymentRow } from './schema.ts';

/**
 * The mail a failed payment causes, in the transaction that settled it: for a failed renewal the failure, final
 * notice or end-of-subscription mail. A failed checkout says so on the page and sends nothing. A completed payment's
 * receipt is mailed once that transaction has committed (`mailReceipt`).
 */
export async function mailFailedPayment(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, p: PaymentRow): Promise<void> {
  if (p.status !== 'Failed' || p.purchaseType !== 'Renewal' || !p.subscriptionId) return;
  const sub = await findSubscription(tx, p.userId, p.subscriptionId);
  if (sub) await sendRenewalFailure(app, tx, p, sub);
}

/**
 * Queues a completed payment's receipt, with the receipt PDF attached, if it is still due; once, whoever calls
 * (the request that completed the payment, right after its commit, or the sweep after a crash). Rendering happens
 * here, outside the completing transaction, so the receipt counter is not held while the PDF and the mail render.
 */
export async function mailReceipt(app: Pick<FastifyInstance, 'billing' | 'config' | 'db' | 'mail'>, paymentId: string): Promise<void> {
  await app.billing.faults.beforeReceiptMail?.(paymentId);
  await app.db.transaction(async (tx) => {
    if (!(await takeReceiptMailDue(tx, paymentId))) return;
    const p = await lockPayment(tx, paymentId);
    if (p?.status !== 'Complete') return;
    const receipt = await receiptOfRow(app, p);
    await sendReceipt(app, tx, p, receiptAmountLines(receipt.facts.amounts), [
      { filename: receipt.filename, contentType: 'application/pdf', contentBase64: receipt.pdf.toString('base64') },
    ]);
  });
}

/** A due receipt older than this was left by a request that stopped after its payment committed. */
const RECEIPT_OVERDUE_MS = 30_000;
const RECEIPT_SWEEP_BATCH = 50;

/** Mails the receipts a crash left due; each is taken once (`mailReceipt`), however many instances sweep. */
export async function runReceiptMailSweep(app: Pick<FastifyInstance, 'billing' | 'clock' | 'config' | 'db' | 'log' | 'mail'>): Promise<number> {
  const due = await overdueReceiptMails(app.db, app.clock(), RECEIPT_OVERDUE_MS, RECEIPT_SWEEP_BATCH);
  for (const paymentId of due) {
    await mailReceipt(app, paymentId).catch((err: unknown) => app.log.warn({ err, paymentId }, 'receipt mail still due'));
  }
  return due.length;
}
