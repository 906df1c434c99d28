/** The spec's error texts (§8), word for word, and the confirmation of §5. */
export const MESSAGES = {
  providerLoad: 'Could not load payment provider. Please refresh the page.',
  promo: 'Error validating promo code.',
  payButtonMissing: 'Payment button not found. Please refresh the page.',
  checkoutCardSaveFailed: 'Failed to save this card. Please try again.',
  checkoutCardSubmitFailed: 'Error submitting card to be saved. Please check your details and try again.',
  paymentFailed: 'Payment failed. Please try another card.',
  paymentSubmitFailed: 'An error occurred while submitting your payment. Please try again.',
  paymentMethodsLoad: 'Could not load payment methods.',
  cardSaveFailed: 'Failed to save this card.',
  cardSubmitFailed: 'Error submitting card to be saved.',
  confirmDeleteCard: 'Are you sure you want to delete this card?',
} as const;
