import { describe, expect, it } from 'vitest';
import { brandLabel } from '@/lib/card-brand';
import { detectBrand, formatCardNumber, formatExpiry, luhnValid, validateCard } from './card-input';

describe('card input', () => {
  it.each([
    ['4111 1111 1111 1111', 'VISA'],
    ['5105105105105100', 'MASTERCARD'],
    ['6011000000000004', 'DISCOVER'],
    ['340000000000009', 'AMERICAN_EXPRESS'],
    ['3569990010095841', 'JCB'],
    ['9999', 'UNKNOWN'],
  ])('detects the brand of %s as %s', (number, brand) => {
    expect(detectBrand(number).id).toBe(brand);
  });

  it('groups digits by brand and formats the expiry while typing', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('340000000000009')).toBe('3400 000000 00009');
    expect(formatCardNumber('41111')).toBe('4111 1');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('1')).toBe('1');
  });

  it('checks the Luhn digit', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });

  it('validates every field inline', () => {
    const now = new Date(2026, 2, 10);
    expect(validateCard({ number: '4111 1111 1111 1111', expiry: '12 / 30', cvv: '111', postalCode: '94103' }, now)).toEqual({});
    expect(validateCard({ number: '', expiry: '', cvv: '', postalCode: '' }, now)).toEqual({
      number: 'Enter your card number.',
      expiry: 'Enter the expiration date.',
      cvv: 'Enter the CVV.',
      postalCode: 'Enter the postal code.',
    });
    expect(validateCard({ number: '4111 1111 1111 1112', expiry: '01 / 20', cvv: '1111', postalCode: '!' }, now)).toEqual({
      number: 'Card number is not valid.',
      expiry: 'This card has expired.',
      cvv: 'CVV must be 3 digits.',
      postalCode: 'Postal code is not valid.',
    });
    expect(validateCard({ number: '3400 000000 00009', expiry: '13 / 30', cvv: '111', postalCode: '10001' }, now)).toEqual({
      expiry: 'Use the MM / YY format.',
      cvv: 'CVV must be 4 digits.',
    });
  });

  it('names Square brands for people', () => {
    expect(brandLabel('AMERICAN_EXPRESS')).toBe('American Express');
    expect(brandLabel('SQUARE_GIFT_CARD')).toBe('Square Gift Card');
    expect(brandLabel(null)).toBe('Card');
  });
});
