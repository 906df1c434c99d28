import { receiptNumberText, refundStatusOf, type Card, type Payment, type PaymentDispute } from '@portal/contracts/billing';
import type { CardRow, PaymentRow } from './schema.ts';

/** What a card id that is not the caller's, or not at all, answers (404). */
export const CARD_NOT_FOUND = 'Card not found.';

/** Only Complete cards with a real Square card id (not a `cnon:` token) may be charged (spec §4). */
export const isUsableCard = (card: Pick<CardRow, 'status' | 'squareCardId'>) =>
  card.status === 'Complete' && Boolean(card.squareCardId) && !card.squareCardId.startsWith('cnon:');

export const toCard = (row: CardRow): Card => ({
  id: row.id,
  status: row.status,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  failureReason: row.failureReason,
  usable: isUsableCard(row),
  createdAt: row.createdAt.getTime(),
});

export const toPayment = (row: PaymentRow, refunded = 0, dispute: PaymentDispute | null = null): Payment => ({
  id: row.id,
  status: row.status,
  purchaseType: row.purchaseType,
  serviceId: row.serviceId,
  serviceTitle: row.serviceTitle,
  price: row.price,
  recurring: row.recurring,
  subtotal: row.subtotal,
  discount: row.discount,
  amount: row.amount,
  promoCode: row.promoCode,
  appliedDeal: row.appliedDeal ?? null,
  paymentType: 'Card',
  cardBrand: row.cardBrand,
  cardLast4: row.cardLast4,
  subscriptionId: row.subscriptionId,
  failureReason: row.failureReason,
  createdAt: row.createdAt.getTime(),
  updatedAt: row.updatedAt.getTime(),
  receiptNumber: row.receiptNumber === null ? null : receiptNumberText(row.receiptNumber),
  refunded,
  refundStatus: refundStatusOf(row.amount, refunded),
  dispute,
});

/**
 * The payment as `POST /api/checkout` first answered it (Pending, as inserted), so that a replay of the same
 * idempotency key answers the same body whatever happened to the payment since.
 */
export const firstAnswer = (payment: Payment): Payment => ({
  ...payment,
  status: 'Pending',
  subscriptionId: payment.purchaseType === 'New Subscription' ? null : payment.subscriptionId,
  failureReason: null,
  updatedAt: payment.createdAt,
  receiptNumber: null,
  refunded: 0,
  refundStatus: null,
  dispute: null,
});

/** Who pays and with which card, as a payment row stores them (spec §3 Payments: CardSId, CardBrand, Customer...). */
export const payerFields = (
  card: Pick<CardRow, 'id' | 'squareCardId' | 'brand' | 'last4'> | null | undefined,
  squareCustomerId: string | null | undefined,
  person: { name: string | null; email: string | null } | null | undefined,
) => ({
  cardId: card?.id ?? null,
  cardSquareId: card?.squareCardId ?? null,
  cardBrand: card?.brand ?? null,
  cardLast4: card?.last4 ?? null,
  customerId: squareCustomerId ?? null,
  customerName: person?.name ?? null,
  customerEmail: person?.email ?? null,
});
