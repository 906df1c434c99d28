import { z } from 'zod';
import { line, lines } from './help.ts';
import { formatCents } from './money.ts';

export const BILLING_PROFILE_NAME_NEEDED = 'Enter the business name that goes with this address or tax ID.';

/**
 * The customer's billing profile (Account Settings): the business every receipt from then on is made out to. Every
 * field is optional; an empty string clears it. An address or tax ID needs the business name it belongs to.
 */
export const billingProfileSchema = z
  .object({
    businessName: line('Business name', 200),
    address: lines('Address', 500).refine((value) => value.split('\n').length <= 6, 'Address must be at most 6 lines.'),
    taxId: line('Tax ID', 40).refine(
      (value) => value === '' || /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/.test(value),
      'Tax ID can only contain letters, digits, spaces, dots, slashes and dashes.',
    ),
  })
  .superRefine((profile, ctx) => {
    if (profile.businessName === '' && (profile.address !== '' || profile.taxId !== '')) {
      ctx.addIssue({ code: 'custom', path: ['businessName'], message: BILLING_PROFILE_NAME_NEEDED });
    }
  });
export type BillingProfile = z.infer<typeof billingProfileSchema>;

/** One label and amount of a receipt's money lines (the PDF's rows and the e-mailed receipt's details). */
export interface ReceiptLine {
  label: string;
  value: string;
  total?: boolean;
}

/** The tax a receipt shows: included in the amount paid (docs/decisions/0064). */
export interface ReceiptTax {
  label: string;
  rateBasisPoints: number;
  cents: number;
}

export interface ReceiptAmounts {
  subtotal: number;
  /** The promo code's reduction of this payment, in cents (0: none), and the code that gave it. */
  discountCents: number;
  discountCode: string | null;
  amount: number;
  tax: ReceiptTax | null;
}

/** "8.25%" from 825 basis points. */
export const taxRateText = (rateBasisPoints: number) => `${(rateBasisPoints / 100).toString()}%`;

/**
 * The money lines of a receipt, in order: the one place the PDF and the e-mail take them from, so a new line
 * (another kind of discount) is added here once.
 */
export function receiptAmountLines(a: ReceiptAmounts): ReceiptLine[] {
  const lines: ReceiptLine[] = [{ label: 'Subtotal', value: formatCents(a.subtotal) }];
  if (a.discountCents > 0) lines.push({ label: `Discount${a.discountCode ? ` (${a.discountCode})` : ''}`, value: `-${formatCents(a.discountCents)}` });
  lines.push({ label: 'Amount paid', value: formatCents(a.amount), total: true });
  if (a.tax) lines.push({ label: `${a.tax.label} included (${taxRateText(a.tax.rateBasisPoints)})`, value: formatCents(a.tax.cents) });
  return lines;
}
