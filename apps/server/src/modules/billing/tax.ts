const BASIS = 10_000n;

/**
 * The tax included in a tax-inclusive amount (docs/decisions/0064): amount × rate / (1 + rate), in integer cents,
 * rounded half up. Computed on the integers, so that no floating-point error can move a cent.
 */
export function includedTaxCents(amountCents: number, rateBasisPoints: number): number {
  if (amountCents <= 0 || rateBasisPoints <= 0) return 0;
  const numerator = BigInt(amountCents) * BigInt(rateBasisPoints);
  const denominator = BASIS + BigInt(rateBasisPoints);
  return Number((2n * numerator + denominator) / (2n * denominator));
}
