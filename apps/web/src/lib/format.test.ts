import { describe, expect, it } from 'vitest';
import { formatShortDate } from './format';

describe('formatShortDate', () => {
  it('shows short month, day and year', () => expect(formatShortDate(Date.UTC(2025, 6, 21, 12))).toBe('Jul 21, 2025'));
  it('accepts epoch milliseconds as a string', () => expect(formatShortDate(String(Date.UTC(2025, 0, 5, 12)))).toBe('Jan 5, 2025'));
  it('shows N/A when missing and Invalid Date when unparseable', () => {
    expect(formatShortDate(null)).toBe('N/A');
    expect(formatShortDate('soon')).toBe('Invalid Date');
  });
});
