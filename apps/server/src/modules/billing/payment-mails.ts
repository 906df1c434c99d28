import type { FastifyInstance } from 'fastify';
import { receiptAmountLines } from '@portal/contracts/receipt';
import type { Db } from '../../platform/db/client.ts';
import { sendReceipt, sendRenewalFailure } from '../notifications/index.ts';
import { findSubscription } from '../subscriptions/index.ts';
import { receiptOfRow } from './receipts.ts';
import type { PaymentRow } from './schema.ts';

/**
 * The mail a settled payment causes, in the transaction that settled it: a receipt for every completed payment
 * with the receipt PDF attached, and for a failed renewal the failure, final notice or
 * end-of-subscription mail. A failed checkout says so on the page and sends nothing.
 */
export async function mailSettledPayment(app: FastifyInstance, tx: Db, p: PaymentRow): Promise<void> {
  if (p.status === 'Complete') {
    const receipt = await receiptOfRow(app, p);
    await sendReceipt(app, tx, p, receiptAmountLines(receipt.facts.amounts), [
      { filename: receipt.filename, contentType: 'application/pdf', contentBase64: receipt.pdf.toString('base64') },
    ]);
    return;
  }
  if (p.status !== 'Failed' || p.purchaseType !== 'Renewal' || !p.subscriptionId) return;
  const sub = await findSubscription(tx, p.userId, p.subscriptionId);
  if (sub) await sendRenewalFailure(app, tx, p, sub);
}
