import { describe, expect, it } from 'vitest';
import { receiptAmountLines, taxRateText } from './receipt.ts';

describe('receiptAmountLines', () => {
  it('shows the subtotal and the amount paid, and a discount or tax only when there is one', () => {
    expect(receiptAmountLines({ subtotal: 4999, discountCents: 0, discountCode: null, amount: 4999, tax: null })).toEqual([
      { label: 'Subtotal', value: '$49.99' },
      { label: 'Amount paid', value: '$49.99', total: true },
    ]);
  });

  it('names the discount by its code and the tax by its label and rate, the tax after the amount it is included in', () => {
    expect(
      receiptAmountLines({ subtotal: 9999, discountCents: 2500, discountCode: 'SPRING25', amount: 7499, tax: { label: 'VAT', rateBasisPoints: 2000, cents: 1250 } }),
    ).toEqual([
      { label: 'Subtotal', value: '$99.99' },
      { label: 'Discount (SPRING25)', value: '-$25.00' },
      { label: 'Amount paid', value: '$74.99', total: true },
      { label: 'VAT included (20%)', value: '$12.50' },
    ]);
    expect(receiptAmountLines({ subtotal: 1000, discountCents: 100, discountCode: null, amount: 900, tax: null })[1]).toEqual({ label: 'Discount', value: '-$1.00' });
  });

  it('writes a rate in basis points as a percentage without trailing zeros', () => {
    expect([825, 750, 2000, 5, 0, 10_000].map(taxRateText)).toEqual(['8.25%', '7.5%', '20%', '0.05%', '0%', '100%']);
  });
});
