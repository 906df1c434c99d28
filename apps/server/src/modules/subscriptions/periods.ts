/**
 * Billing periods. A monthly or yearly subscription keeps a billing day (its anchor, 1–31): each due date falls on
 * that day of the month, or on the month's last day when the month is shorter, and comes back to the anchor in the
 * next month that has it (Jan 31 -> Feb 28/29 -> Mar 31 -> Apr 30 -> May 31), so a short month never moves the
 * billing day for good. Every next due date, and every period start behind one, is computed here (decision 0057).
 */

/** The billing day of a cycle that starts at `start`: its day of month in UTC, as the portal shows dates. */
export const billingAnchorDayOf = (start: Date) => start.getUTCDate();

type PeriodUnit = 'day' | 'week' | 'month';

/** A plan's period from its `recurring` text ("month", "monthly", "year"...); unknown text is a month, as every plan. */
function unitOf(recurring: string): { unit: PeriodUnit; count: number } {
  const r = recurring.trim().toLowerCase();
  if (/^(day|daily)$/.test(r)) return { unit: 'day', count: 1 };
  if (/^(week|weekly)$/.test(r)) return { unit: 'week', count: 1 };
  if (/^(year|yearly|annual|annually)$/.test(r)) return { unit: 'month', count: 12 };
  return { unit: 'month', count: 1 };
}

/**
 * `from` moved by whole periods (negative: back). Months land on `anchorDay` or the month's last day, keeping the
 * time of day; days and weeks are exact and have no anchor.
 */
export function shiftByPeriods(from: Date, recurring: string, anchorDay: number, periods: number): Date {
  const { unit, count } = unitOf(recurring);
  if (unit === 'day') return addDays(from, periods * count);
  if (unit === 'week') return addDays(from, periods * count * 7);
  const d = new Date(from.getTime());
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + periods * count);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(anchorDay, lastDay));
  return d;
}

/** The due date one period after `from`, on the subscription's billing day. */
export const nextDueDate = (from: Date, recurring: string, anchorDay: number) => shiftByPeriods(from, recurring, anchorDay, 1);

/** Where the period ending at `dueDate` began: one period back, on the same billing day. */
export const periodStartOf = (dueDate: Date, recurring: string, anchorDay: number) => shiftByPeriods(dueDate, recurring, anchorDay, -1);

export const addDays = (from: Date, days: number) => new Date(from.getTime() + days * 86_400_000);
