import { describe, expect, it } from 'vitest';
import { promoCodeFormSchema } from './billing.ts';
import { dollarsToCents, planFormSchema } from './plans.ts';

const planPrice = (dollars: string) => {
  const result = planFormSchema.safeParse({ title: 'Starter', dollars, recurring: 'month', description: '', visible: true });
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};
const promo = (fields: Record<string, string>) => {
  const result = promoCodeFormSchema.safeParse({ code: 'SPRING', type: 'percent', value: '10', active: true, expires: '', planIds: [], maxRedemptions: '', duration: 'once', durationMonths: '', maxPerCustomer: '', ...fields });
  return result.success ? null : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('amounts staff type, checked in words that say what to do', () => {
  it('takes a plan price as dollars and cents, with a dollar sign or thousands separators', () => {
    for (const ok of ['49', '49.99', '$1,200', '1,200.50', '999999.99', '1.00']) expect(planPrice(ok), ok).toBeNull();
    expect(dollarsToCents('$1,200.50')).toBe(120_050);
  });

  it('tells a negative, a free, an over-large and a malformed price apart', () => {
    expect(planPrice('-5')).toEqual(['A price cannot be negative: enter at least $1.00.']);
    expect(planPrice('0')).toEqual(['A plan costs at least $1.00: checkout charges a card for it, so a plan cannot be free.']);
    expect(planPrice('99,999,999')).toEqual(['A price can be at most $999,999.99.']);
    expect(planPrice('4.999')).toEqual(['Enter whole cents: at most two digits after the point.']);
    expect(planPrice('forty')).toEqual(['Enter an amount in dollars, such as 49 or 49.99.']);
  });

  it('tells a negative percent from one above 100, and the same for amounts off and redemption limits', () => {
    expect(promo({ value: '-5' })).toEqual(['value: A discount cannot be negative: enter a whole percent from 1 to 100.']);
    expect(promo({ value: '99999999' })).toEqual(['value: A percent code takes at most 100%: enter a whole percent from 1 to 100.']);
    expect(promo({ value: '2.5' })).toEqual(['value: Enter a whole percent from 1 to 100.']);
    expect(promo({ type: 'amount', value: '-5' })).toEqual(['value: A discount cannot be negative: enter at least $0.01.']);
    expect(promo({ type: 'amount', value: '99,999,999' })).toEqual(['value: A discount can be at most $999,999.99.']);
    expect(promo({ type: 'amount', value: '0' })).toEqual(['value: Enter an amount off of at least $0.01.']);
    expect(promo({ maxRedemptions: '-5' })).toEqual(['maxRedemptions: A limit cannot be negative: enter a whole number of 1 or more, or leave it empty.']);
    expect(promo({ maxRedemptions: '99,999,999' })).toEqual(['maxRedemptions: Enter at most 10,000,000, or leave it empty for no limit.']);
    expect(promo({ maxRedemptions: '1,000' })).toBeNull();
  });
});
