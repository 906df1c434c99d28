import { describe, expect, it } from 'vitest';
import { formatCents } from './money.ts';

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
