const LABELS: Record<string, string> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMERICAN_EXPRESS: 'American Express',
  DISCOVER: 'Discover',
  DISCOVER_DINERS: 'Diners Club',
  JCB: 'JCB',
  CHINA_UNIONPAY: 'UnionPay',
};

/** Square's brand names for people: "AMERICAN_EXPRESS" -> "American Express". */
export function brandLabel(squareBrand: string | null | undefined): string {
  if (!squareBrand) return 'Card';
  return LABELS[squareBrand] ?? squareBrand.replace(/_/g, ' ').toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());
}
