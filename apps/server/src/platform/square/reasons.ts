/** Square error codes as a customer reads them (the payment's and the card's FailureReason). */
const REASONS: Record<string, string> = {
  GENERIC_DECLINE: 'Your card was declined. Please try another card.',
  CARD_DECLINED: 'Your card was declined. Please try another card.',
  CARD_DECLINED_CALL_ISSUER: 'Your card was declined. Please contact your card issuer or try another card.',
  CARD_DECLINED_VERIFICATION_REQUIRED: 'Your card was declined. Please try another card.',
  INSUFFICIENT_FUNDS: 'Your card has insufficient funds. Please try another card.',
  CVV_FAILURE: "The card's security code (CVV) was not accepted. Please check it and try again.",
  VERIFY_CVV_FAILURE: "The card's security code (CVV) was not accepted. Please check it and try again.",
  ADDRESS_VERIFICATION_FAILURE: "The card's postal code was not accepted. Please check it and try again.",
  VERIFY_AVS_FAILURE: "The card's postal code was not accepted. Please check it and try again.",
  INVALID_POSTAL_CODE: "The card's postal code was not accepted. Please check it and try again.",
  INVALID_EXPIRATION: "The card's expiration date was not accepted. Please check it and try again.",
  BAD_EXPIRATION: "The card's expiration date was not accepted. Please check it and try again.",
  CARD_EXPIRED: 'This card has expired. Please use another card.',
  INVALID_CARD_DATA: 'The card details were not accepted. Please check them and try again.',
  CARD_TOKEN_USED: 'These card details were already used. Please enter the card again.',
  CARD_TOKEN_EXPIRED: 'These card details have expired. Please enter the card again.',
  INVALID_CARD: 'This card can no longer be charged. Please use another card.',
  CARD_NOT_SUPPORTED: 'This card is not supported. Please use another card.',
  UNSUPPORTED_CARD_BRAND: 'This card brand is not supported. Please use another card.',
};

export const readableReason = (code: string) => REASONS[code] ?? 'The payment provider could not process this card. Please try another card.';
