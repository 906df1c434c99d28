import { describe, expect, it } from 'vitest';
import { formatLongDate } from './dates.ts';

describe('formatLongDate', () => {
  it('spells out the day in UTC, from a date or milliseconds', () => {
    expect(formatLongDate(new Date('2026-03-10T00:30:00Z'))).toBe('March 10, 2026');
    // Late in the UTC day is still that day, wherever the server runs.
    expect(formatLongDate(Date.UTC(2026, 11, 31, 23, 59))).toBe('December 31, 2026');
  });
});
