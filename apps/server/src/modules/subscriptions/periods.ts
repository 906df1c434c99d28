/**
 * A plan's billing period from its `recurring` text ("month", "monthly", "year", "week"...). Unknown text means a
 * month, the period every plan of the product has.
 */
export function addPeriod(from: Date, recurring: string, periods = 1): Date {
  const r = recurring.trim().toLowerCase();
  if (/^(day|daily)$/.test(r)) return new Date(from.getTime() + periods * 86_400_000);
  if (/^(week|weekly)$/.test(r)) return new Date(from.getTime() + periods * 7 * 86_400_000);
  if (/^(year|yearly|annual|annually)$/.test(r)) return addMonths(from, 12 * periods);
  return addMonths(from, periods);
}

/** Where the period ending at `dueDate` began: one period back. */
export const periodStartOf = (dueDate: Date, recurring: string) => addPeriod(dueDate, recurring, -1);

/** Calendar months in UTC, keeping the day of month where it exists (Jan 31 + 1 month = Feb 28/29). */
function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

export const addDays = (from: Date, days: number) => new Date(from.getTime() + days * 86_400_000);
