/** US dollars as both sides show them: "$1,234.56", "-$2.50". */
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as US dollars, "$12.34"; anything that is not a whole number of cents shows as '$?.??' (spec §8). */
export function formatCents(cents: unknown): string {
  if (typeof cents !== 'number' || !Number.isInteger(cents)) return '$?.??';
  return dollars.format(cents / 100);
}
