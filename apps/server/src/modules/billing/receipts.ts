import type { FastifyInstance } from 'fastify';
import { receiptNumberText, refundStatusOf } from '@portal/contracts/billing';
import { formatCents } from '@portal/contracts/money';
import { receiptAmountLines, type ReceiptAmounts } from '@portal/contracts/receipt';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { billingAnchorDayOf, nextDueDate } from '../subscriptions/index.ts';
import { findAnyPayment } from './payments-repository.ts';
import { listRefundsOf } from './refunds-repository.ts';
import type { PaymentRow, RefundRow } from './schema.ts';

/** Everything a receipt shows, all of it stored facts (the payment as completed, its refunds, the details it was issued with). */
export interface ReceiptFacts {
  receiptNumber: number;
  paidAt: Date;
  seller: { name: string; address: string | null; taxId: string | null };
  buyer: { businessName: string; address: string | null; taxId: string | null } | null;
  customer: { name: string | null; email: string | null };
  description: string;
  purchaseType: string;
  period: { from: Date; to: Date } | null;
  amounts: ReceiptAmounts;
  card: { brand: string | null; last4: string | null };
  /** Our payment's id, and Square's for the same payment (none when nothing was charged). */
  paymentReference: string;
  squarePaymentId: string | null;
  refunds: { at: Date; amount: number; reason: string }[];
}

// One formatter for every receipt: toLocaleDateString would build one for each date.
const shortDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
const day = (d: Date) => shortDate.format(d);
/** The buyer's business (as on their billing profile when the payment completed), then the person and their e-mail. */
const billedTo = (f: ReceiptFacts) => [
  f.buyer?.businessName,
  f.buyer?.address,
  f.buyer?.taxId ? `Tax ID: ${f.buyer.taxId}` : null,
  f.customer.name,
  f.customer.email,
].filter(Boolean);
const brand = (b: string | null) => (b ? b.charAt(0) + b.slice(1).toLowerCase().replace(/_/g, ' ') : 'Card');

/**
 * The period a payment paid for: a new or reactivated subscription's first period (a new cycle: it starts on its own
 * billing day), a renewal's (to the end it stored; renewals made before the billing day was kept have none and read
 * one period from their start, as they were issued), an upgrade's rest.
 */
function periodOf(p: PaymentRow): ReceiptFacts['period'] {
  if (p.purchaseType === 'Plan Change') return p.periodEnd ? { from: p.updatedAt, to: p.periodEnd } : null;
  const from = p.purchaseType === 'Renewal' && p.renewalPeriod ? p.renewalPeriod : p.updatedAt;
  return { from, to: p.periodEnd ?? nextDueDate(from, p.recurring, billingAnchorDayOf(from)) };
}

/**
 * A payment completed before receipts kept their details (docs/decisions/0064) reads the company's name and address
 * from the settings, as its receipt always did.
 */
function sellerOf(app: Pick<FastifyInstance, 'config'>, p: PaymentRow): ReceiptFacts['seller'] {
  if (p.receiptDetails) return { name: p.receiptDetails.seller.legalName, address: p.receiptDetails.seller.address, taxId: p.receiptDetails.seller.taxId };
  return { name: app.config.COMPANY_NAME, address: app.config.COMPANY_ADDRESS ?? null, taxId: null };
}

export function receiptFactsOf(app: Pick<FastifyInstance, 'config'>, p: PaymentRow, refunds: RefundRow[]): ReceiptFacts {
  return {
    receiptNumber: p.receiptNumber!,
    paidAt: p.updatedAt,
    seller: sellerOf(app, p),
    buyer: p.receiptDetails?.buyer ?? null,
    customer: { name: p.customerName, email: p.customerEmail },
    description: p.serviceTitle,
    purchaseType: p.purchaseType,
    period: periodOf(p),
    amounts: { subtotal: p.subtotal, discountCents: p.discount, discountCode: p.promoCode, amount: p.amount, tax: p.receiptDetails?.tax ?? null },
    card: { brand: p.cardBrand, last4: p.cardLast4 },
    paymentReference: p.id,
    squarePaymentId: p.squarePaymentId,
    refunds: refunds.filter((r) => r.status === 'Complete').map((r) => ({ at: r.updatedAt, amount: r.amount, reason: r.reason })),
  };
}

/**
 * The receipt as a PDF (pdfkit, built-in Helvetica, uncompressed). The same facts give the same bytes: the creation
 * date is the payment's, and the document id pdfkit derives from it; nothing else varies.
 */
export async function renderReceiptPdf(f: ReceiptFacts): Promise<Buffer> {
  // Loaded on the first receipt rather than at start: pdfkit and its fonts weigh ~28 MB.
  const { default: PDFDocument } = await import('pdfkit');
  const number = receiptNumberText(f.receiptNumber);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: false,
    info: { Title: `Receipt ${number}`, Author: f.seller.name, Producer: f.seller.name, Creator: f.seller.name, CreationDate: f.paidAt, ModDate: f.paidAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('Helvetica-Bold').fontSize(18).text(f.seller.name);
  doc.font('Helvetica').fontSize(10);
  if (f.seller.address) doc.text(f.seller.address);
  if (f.seller.taxId) doc.text(`Tax ID: ${f.seller.taxId}`);
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(14).text(`Receipt ${number}`);
  doc.font('Helvetica').fontSize(10).text(`Paid ${day(f.paidAt)}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Billed to');
  doc.font('Helvetica').text(billedTo(f).join('\n') || 'Customer');
  doc.moveDown();

  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, 56, y, { width: 200 });
    const labelBottom = doc.y;
    doc.text(value, 260, y, { width: 280, align: 'right' });
    doc.y = Math.max(doc.y, labelBottom);
    doc.moveDown(0.4);
  };
  row('Plan', `${f.description} (${f.purchaseType})`);
  if (f.period) row('Period', `${day(f.period.from)} - ${day(f.period.to)}`);
  for (const line of receiptAmountLines(f.amounts)) row(line.label, line.value, line.total);
  row('Paid with', f.card.last4 ? `${brand(f.card.brand)} ending ${f.card.last4}` : 'No charge');
  row('Payment reference', f.paymentReference);
  if (f.squarePaymentId) row('Square payment ID', f.squarePaymentId);
  if (f.refunds.length > 0) {
    doc.moveDown();
    const refunded = f.refunds.reduce((s, r) => s + r.amount, 0);
    doc.font('Helvetica-Bold').text(refundStatusOf(f.amounts.amount, refunded) ?? 'Refunds', 56);
    doc.moveDown(0.4);
    for (const r of f.refunds) {
      row(`Refund ${day(r.at)}`, `-${formatCents(r.amount)}`);
      doc.font('Helvetica').fontSize(9).text(r.reason, 56, doc.y - 4, { width: 484 }).fontSize(10);
      doc.moveDown(0.4);
    }
    row('Net paid', formatCents(f.amounts.amount - refunded), true);
  }
  doc.end();
  return done;
}

export interface Receipt {
  filename: string;
  pdf: Buffer;
  facts: ReceiptFacts;
}

/**
 * The receipt of a completed payment, for whoever may see it (an e-mail attaching it, the customer's download).
 * Undefined while the payment has no receipt (not found, Pending or Failed).
 */
export async function receiptPdf(app: Pick<FastifyInstance, 'config' | 'db'>, paymentId: string): Promise<Receipt | undefined> {
  const p = await findAnyPayment(app.db, paymentId);
  if (!p || p.status !== 'Complete' || p.receiptNumber === null) return undefined;
  return receiptOfRow(app, p, await listRefundsOf(app.db, p.id));
}

/** The receipt of a completed payment's row as it stands (in the transaction that completed it, for the e-mail). */
export async function receiptOfRow(app: Pick<FastifyInstance, 'config'>, p: PaymentRow, refunds: RefundRow[] = []): Promise<Receipt> {
  const facts = receiptFactsOf(app, p, refunds);
  return { filename: `receipt-${receiptNumberText(p.receiptNumber!)}.pdf`, pdf: await renderReceiptPdf(facts), facts };
}

/** The signed-in customer's receipt of one of their payments. */
export async function receiptOf(app: Pick<FastifyInstance, 'config' | 'db'>, userId: string, paymentId: string): Promise<Receipt> {
  const p = await findAnyPayment(app.db, paymentId);
  if (!p || p.userId !== userId) throw notFound('Payment not found.');
  const receipt = await receiptPdf(app, paymentId);
  if (!receipt) throw conflict('NO_RECEIPT', 'Only a completed payment has a receipt.');
  return receipt;
}
