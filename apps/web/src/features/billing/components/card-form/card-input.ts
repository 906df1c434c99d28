/** Card brands as Square names them, with how their numbers look. */
export interface Brand {
  id: string;
  label: string;
  lengths: number[];
  cvvLength: number;
  /** Digit groups for display: 4-4-4-4, or 4-6-5 for American Express. */
  groups: number[];
}

const BRANDS: Array<Brand & { pattern: RegExp }> = [
  { id: 'AMERICAN_EXPRESS', label: 'American Express', pattern: /^3[47]/, lengths: [15], cvvLength: 4, groups: [4, 6, 5] },
  { id: 'DISCOVER_DINERS', label: 'Diners Club', pattern: /^3(0[0-5]|[689])/, lengths: [14, 16], cvvLength: 3, groups: [4, 6, 4] },
  { id: 'JCB', label: 'JCB', pattern: /^35/, lengths: [16], cvvLength: 3, groups: [4, 4, 4, 4] },
  { id: 'VISA', label: 'Visa', pattern: /^4/, lengths: [13, 16, 19], cvvLength: 3, groups: [4, 4, 4, 4, 3] },
  { id: 'MASTERCARD', label: 'Mastercard', pattern: /^(5[1-5]|2[2-7])/, lengths: [16], cvvLength: 3, groups: [4, 4, 4, 4] },
  { id: 'DISCOVER', label: 'Discover', pattern: /^(6011|65|64[4-9])/, lengths: [16, 19], cvvLength: 3, groups: [4, 4, 4, 4, 3] },
  { id: 'CHINA_UNIONPAY', label: 'UnionPay', pattern: /^62/, lengths: [16, 17, 18, 19], cvvLength: 3, groups: [4, 4, 4, 4, 3] },
];

const UNKNOWN: Brand = { id: 'UNKNOWN', label: 'Card', lengths: [16], cvvLength: 3, groups: [4, 4, 4, 4, 3] };

export const digitsOf = (value: string) => value.replace(/\D/g, '');

export function detectBrand(number: string): Brand {
  const digits = digitsOf(number);
  return BRANDS.find((b) => b.pattern.test(digits)) ?? UNKNOWN;
}

/** "4111111111111111" -> "4111 1111 1111 1111", grouped by brand. */
export function formatCardNumber(value: string): string {
  const brand = detectBrand(value);
  const digits = digitsOf(value).slice(0, Math.max(...brand.lengths));
  const parts: string[] = [];
  let at = 0;
  for (const size of brand.groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** "1230" or "12/30" -> "12 / 30" while typing. */
export function formatExpiry(value: string): string {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export function luhnValid(number: string): boolean {
  const digits = digitsOf(number);
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export interface CardFields {
  number: string;
  expiry: string;
  cvv: string;
  postalCode: string;
}

export type CardErrors = Partial<Record<keyof CardFields, string>>;

export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const digits = digitsOf(expiry);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

/** Inline checks before anything is sent (the tokenizer checks again). */
export function validateCard(fields: CardFields, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const brand = detectBrand(fields.number);
  const digits = digitsOf(fields.number);
  if (!digits) errors.number = 'Enter your card number.';
  else if (!brand.lengths.includes(digits.length) || !luhnValid(digits)) errors.number = 'Card number is not valid.';
  const expiry = parseExpiry(fields.expiry);
  if (!fields.expiry.trim()) errors.expiry = 'Enter the expiration date.';
  else if (!expiry || expiry.month < 1 || expiry.month > 12) errors.expiry = 'Use the MM / YY format.';
  else if (expiry.year * 12 + expiry.month - 1 < now.getFullYear() * 12 + now.getMonth()) errors.expiry = 'This card has expired.';
  if (!fields.cvv.trim()) errors.cvv = 'Enter the CVV.';
  else if (!new RegExp(`^\\d{${brand.cvvLength}}$`).test(fields.cvv.trim())) errors.cvv = `CVV must be ${brand.cvvLength} digits.`;
  if (!fields.postalCode.trim()) errors.postalCode = 'Enter the postal code.';
  else if (!/^[A-Za-z0-9][A-Za-z0-9 -]{2,9}$/.test(fields.postalCode.trim())) errors.postalCode = 'Postal code is not valid.';
  return errors;
}
