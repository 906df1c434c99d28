import { describe, expect, it } from 'vitest';
import { billingAnchorDayOf, nextDueDate, periodStartOf } from '../src/modules/subscriptions/index.ts';

const at = (iso: string) => new Date(`${iso}T09:30:00.000Z`);
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The due dates of `count` renewals after `start`, each computed from the one before, as renewals do. */
function dueDates(start: string, recurring: string, count: number): string[] {
  const first = at(start);
  const anchor = billingAnchorDayOf(first);
  const dates: string[] = [];
  let due = first;
  for (let i = 0; i < count; i += 1) {
    due = nextDueDate(due, recurring, anchor);
    dates.push(day(due));
  }
  return dates;
}

describe('the billing day', () => {
  it('comes back to the 31st after the short months of a common year', () => {
    expect(dueDates('2029-01-31', 'month', 12)).toEqual(
      ['02-28', '03-31', '04-30', '05-31', '06-30', '07-31', '08-31', '09-30', '10-31', '11-30', '12-31'].map((d) => `2029-${d}`).concat('2030-01-31'),
    );
  });

  it('takes February 29 in a leap year, then the 31st again', () => {
    expect(dueDates('2028-01-31', 'month', 4)).toEqual(['2028-02-29', '2028-03-31', '2028-04-30', '2028-05-31']);
  });

  it('keeps the 29th and the 30th through February', () => {
    expect(dueDates('2027-01-29', 'month', 3)).toEqual(['2027-02-28', '2027-03-29', '2027-04-29']);
    expect(dueDates('2028-01-29', 'month', 2)).toEqual(['2028-02-29', '2028-03-29']);
    expect(dueDates('2027-01-30', 'monthly', 3)).toEqual(['2027-02-28', '2027-03-30', '2027-04-30']);
  });

  it('moves days up to the 28th by a plain month, keeping the time of day', () => {
    expect(dueDates('2027-01-15', 'month', 2)).toEqual(['2027-02-15', '2027-03-15']);
    expect(nextDueDate(at('2027-01-28'), 'month', 28).toISOString()).toBe('2027-02-28T09:30:00.000Z');
  });

  it('renews a yearly plan started on February 29 on the 28th, and on the 29th in the next leap year', () => {
    expect(dueDates('2028-02-29', 'year', 4)).toEqual(['2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
  });

  it('has no billing day for weekly and daily plans', () => {
    expect(dueDates('2027-01-31', 'week', 2)).toEqual(['2027-02-07', '2027-02-14']);
    expect(dueDates('2027-02-28', 'daily', 2)).toEqual(['2027-03-01', '2027-03-02']);
  });

  it('finds where a period began on the same billing day (what proration counts)', () => {
    expect(day(periodStartOf(at('2027-02-28'), 'month', 31))).toBe('2027-01-31');
    expect(day(periodStartOf(at('2027-03-31'), 'month', 31))).toBe('2027-02-28');
    expect(day(periodStartOf(at('2028-03-31'), 'month', 31))).toBe('2028-02-29');
    expect(day(periodStartOf(at('2027-03-15'), 'month', 15))).toBe('2027-02-15');
    expect(day(periodStartOf(at('2029-02-28'), 'year', 29))).toBe('2028-02-29');
  });
});
