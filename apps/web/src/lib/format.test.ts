import { describe, expect, it } from 'vitest';
import { formatCents, formatShortDate } from './format';

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [4999, '$49.99'],
    [123456789, '$1,234,567.89'],
    [-250, '-$2.50'],
  ])('%s cents is %s', (cents, text) => expect(formatCents(cents)).toBe(text));

  it.each([[null], [undefined], ['12'], [12.5], [Number.NaN], [Infinity]])("shows '$?.??' for %s", (value) =>
    expect(formatCents(value)).toBe('$?.??'),
  );
});

describe('formatShortDate', () => {
  it('shows short month, day and year', () => expect(formatShortDate(Date.UTC(2025, 6, 21, 12))).toBe('Jul 21, 2025'));
  it('accepts epoch milliseconds as a string', () => expect(formatShortDate(String(Date.UTC(2025, 0, 5, 12)))).toBe('Jan 5, 2025'));
  it('shows N/A when missing and Invalid Date when unparseable', () => {
    expect(formatShortDate(null)).toBe('N/A');
    expect(formatShortDate('soon')).toBe('Invalid Date');
  });
});
