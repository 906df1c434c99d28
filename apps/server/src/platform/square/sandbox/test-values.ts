/**
 * Square's published Sandbox test values (developer.squareup.com/docs/devtools/sandbox/payments), which the local
 * sandbox honours as Square's Sandbox does. Any other card number is refused, as Square's Sandbox refuses real cards.
 */

export type Outcome = 'OK' | 'DECLINED' | 'CVV' | 'POSTAL' | 'EXPIRATION' | 'TOKEN_USED';

export interface TestCard {
  brand: string;
  cvvLength: number;
}

/** Card numbers (digits only) and their brand, in Square's brand names. */
export const TEST_CARDS: Record<string, TestCard & { outcome: Outcome }> = {
  '4111111111111111': { brand: 'VISA', cvvLength: 3, outcome: 'OK' },
  '5105105105105100': { brand: 'MASTERCARD', cvvLength: 3, outcome: 'OK' },
  '6011000000000004': { brand: 'DISCOVER', cvvLength: 3, outcome: 'OK' },
  '340000000000009': { brand: 'AMERICAN_EXPRESS', cvvLength: 4, outcome: 'OK' },
  '30000000000004': { brand: 'DISCOVER_DINERS', cvvLength: 3, outcome: 'OK' },
  '3569990010095841': { brand: 'JCB', cvvLength: 3, outcome: 'OK' },
  '6222988812340000': { brand: 'CHINA_UNIONPAY', cvvLength: 3, outcome: 'OK' },
  '4000000000000002': { brand: 'VISA', cvvLength: 3, outcome: 'DECLINED' },
};

/** Values that make an otherwise good card fail. */
export const FAILING_VALUES = { cvv: '911', postalCode: '99999', expMonth: 1, expYear: 2040 } as const;

/** Square's ready-made payment tokens; unlike the tokenizer's, they may be used again and again. */
export const TEST_NONCES: Record<string, Outcome> = {
  'cnon:card-nonce-ok': 'OK',
  'cnon:card-nonce-declined': 'DECLINED',
  'cnon:card-nonce-rejected-cvv': 'CVV',
  'cnon:card-nonce-rejected-postalcode': 'POSTAL',
  'cnon:card-nonce-rejected-expiration': 'EXPIRATION',
  'cnon:card-nonce-already-used': 'TOKEN_USED',
};

/** The card behind a ready-made token (Square's answers show a Visa ending 1111). */
export const TEST_NONCE_CARD = { brand: 'VISA', last4: '1111', bin: '411111', expMonth: 12, expYearsAhead: 5 };

export interface SquareErrorBody {
  category: string;
  code: string;
  detail: string;
  field?: string;
}

/** The error a payment (Payments API) answers for a failing outcome. */
export const PAYMENT_ERRORS: Record<Exclude<Outcome, 'OK'>, SquareErrorBody> = {
  DECLINED: { category: 'PAYMENT_METHOD_ERROR', code: 'GENERIC_DECLINE', detail: "Authorization error: 'GENERIC_DECLINE'" },
  CVV: { category: 'PAYMENT_METHOD_ERROR', code: 'CVV_FAILURE', detail: "Authorization error: 'CVV_FAILURE'" },
  POSTAL: {
    category: 'PAYMENT_METHOD_ERROR',
    code: 'ADDRESS_VERIFICATION_FAILURE',
    detail: "Authorization error: 'ADDRESS_VERIFICATION_FAILURE'",
  },
  EXPIRATION: { category: 'PAYMENT_METHOD_ERROR', code: 'INVALID_EXPIRATION', detail: "Authorization error: 'INVALID_EXPIRATION'" },
  TOKEN_USED: {
    category: 'INVALID_REQUEST_ERROR',
    code: 'CARD_TOKEN_USED',
    detail: 'Card nonce already used; please request new nonce.',
    field: 'source_id',
  },
};

/** The error saving a card on file (Cards API) answers: Square verifies the card with its card-on-file codes. */
export const CARD_ERRORS: Record<Exclude<Outcome, 'OK'>, SquareErrorBody> = {
  DECLINED: { category: 'PAYMENT_METHOD_ERROR', code: 'CARD_DECLINED', detail: 'Card declined.', field: 'source_id' },
  CVV: { category: 'PAYMENT_METHOD_ERROR', code: 'VERIFY_CVV_FAILURE', detail: 'Card verification failed: CVV.', field: 'source_id' },
  POSTAL: { category: 'PAYMENT_METHOD_ERROR', code: 'VERIFY_AVS_FAILURE', detail: 'Card verification failed: postal code.', field: 'source_id' },
  EXPIRATION: { category: 'PAYMENT_METHOD_ERROR', code: 'BAD_EXPIRATION', detail: 'Card verification failed: expiration date.', field: 'source_id' },
  TOKEN_USED: PAYMENT_ERRORS.TOKEN_USED,
};

/** What a tokenized card will do when charged or saved, from its number, expiry, CVV and postal code. */
export function outcomeOf(card: { number: string; expMonth: number; expYear: number; cvv: string; postalCode: string }): Outcome {
  if (TEST_CARDS[card.number]?.outcome === 'DECLINED') return 'DECLINED';
  if (card.expMonth === FAILING_VALUES.expMonth && card.expYear === FAILING_VALUES.expYear) return 'EXPIRATION';
  if (card.cvv === FAILING_VALUES.cvv) return 'CVV';
  if (card.postalCode.trim() === FAILING_VALUES.postalCode) return 'POSTAL';
  return 'OK';
}
