/**
 * A date input's value ("2026-03-10") and the time it stands for: noon of that day where the reader is, so that the
 * day shows the same wherever it is formatted for them (formatShortDate uses the reader's time zone too).
 */
const pad = (n: number) => String(n).padStart(2, '0');

export function dateInputValue(ms: number | null): string {
  if (ms === null) return '';
  const date = new Date(ms);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function timeOfDateInput(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12).getTime();
}

/** The time to send for a date field: left out (undefined) when the day did not change, so nothing is rewritten. */
export function changedTime(value: string, before: number | null): number | null | undefined {
  return value === dateInputValue(before) ? undefined : timeOfDateInput(value);
}
