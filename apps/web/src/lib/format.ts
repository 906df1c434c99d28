/** "Jan 5, 2026" */
export function formatShortDate(ms: number | string | null | undefined): string {
  if (ms === null || ms === undefined || ms === '') return 'N/A';
  const date = new Date(typeof ms === 'string' && /^\d+$/.test(ms) ? Number(ms) : ms);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** "09:05" style hour and minute in the viewer's locale. */
export function formatTime(ms: number): string {
  return new Date(ms).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}
