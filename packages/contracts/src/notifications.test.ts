import { describe, expect, it } from 'vitest';
import { cardExpiresBefore } from './notifications.ts';

describe('cardExpiresBefore', () => {
  const due = Date.UTC(2026, 3, 10); // April 10, 2026
  it('is true for a card whose last valid day is before the renewal', () => {
    expect(cardExpiresBefore(3, 2026, due)).toBe(true);
    expect(cardExpiresBefore(12, 2025, due)).toBe(true);
  });
  it('is false for a card valid through the renewal, or with no expiry known', () => {
    expect(cardExpiresBefore(4, 2026, due)).toBe(false);
    expect(cardExpiresBefore(12, 2030, due)).toBe(false);
    expect(cardExpiresBefore(null, 2026, due)).toBe(false);
  });
  it('counts the whole expiry month: a renewal on the first of the next month is after it', () => {
    expect(cardExpiresBefore(3, 2026, Date.UTC(2026, 3, 1))).toBe(true);
    expect(cardExpiresBefore(3, 2026, Date.UTC(2026, 2, 31, 23))).toBe(false);
  });
});
