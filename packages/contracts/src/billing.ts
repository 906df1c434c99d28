import { z } from 'zod';
import { pageOf, pageQuerySchema } from './page.ts';

/** Square application ids start with one of these (production, sandbox); anything else is invalid (spec §5). */
export const SQUARE_APPLICATION_ID_PREFIXES = ['sq0idp-', 'sandbox-sq0idb-'] as const;
export const isValidSquareApplicationId = (id: string) => SQUARE_APPLICATION_ID_PREFIXES.some((p) => id.startsWith(p));

/** What the card form needs to load (spec §7 getSquareClientIds). */
export const paymentsConfigSchema = z.object({
  environment: z.enum(['local', 'sandbox', 'production']),
  applicationId: z.string(),
  locationId: z.string(),
  /** Square's Web Payments SDK script; null with the local sandbox, whose card fields are our own. */
  sdkUrl: z.string().nullable(),
  /** The local sandbox's tokenizer; null with Square. */
  tokenizeUrl: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

// ---- Cards (spec §3 Cards, §4 card states) ----

export const CARD_STATUSES = ['PendingSquareCreation', 'Complete', 'Error'] as const;
export const cardStatusSchema = z.enum(CARD_STATUSES);
export type CardStatus = z.infer<typeof cardStatusSchema>;

export const cardSchema = z.object({
  id: z.string(),
  status: cardStatusSchema,
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  failureReason: z.string().nullable(),
  /** Complete with a real card id (not a `cnon:` token): may be charged. */
  usable: z.boolean(),
  createdAt: z.number().int(),
});
export type Card = z.infer<typeof cardSchema>;

/** A card that expires before the next renewal of an active subscription it pays for. */
export const expiringCardSchema = z.object({
  cardId: z.string(),
  subscriptionId: z.string(),
  serviceTitle: z.string(),
  dueDate: z.number().int(),
});
export type ExpiringCard = z.infer<typeof expiringCardSchema>;

/**
 * A page of the user's saved cards, newest first (a card Square refused is not listed). Every page names the
 * default card in full, so that it can be shown first and preselected before the page that holds it is read, and
 * the cards that expire before a renewal: those are read from the active subscriptions, not from the page.
 */
export const cardListSchema = pageOf('cards', cardSchema).extend({
  defaultCardId: z.string().nullable(),
  defaultCard: cardSchema.nullable(),
  /** Cards that expire before the renewal of a subscription they pay (flagged there and in Saved Cards). */
  expiringBeforeRenewal: z.array(expiringCardSchema),
});
export type CardList = z.infer<typeof cardListSchema>;

export const addCardSchema = z.object({
  /** The one-time token from the card form; card data never reaches this API. */
  nonce: z.string().trim().min(1, 'A card token is required.').max(512),
});
export type AddCardInput = z.infer<typeof addCardSchema>;

export const setDefaultCardSchema = z.object({ cardId: z.string().min(1).max(100) });

/** Which saved card pays a subscription. */
export const setSubscriptionCardSchema = z.object({ cardId: z.string().min(1).max(100) });

/** Deleting the card of an active subscription names the card that takes over (when there are other cards). */
export const deleteCardQuerySchema = z.object({ replacementCardId: z.string().min(1).max(100).optional() });

/** The stable code of a refused card deletion: the card pays an active subscription and another card must take over. */
export const CARD_REPLACEMENT_REQUIRED = 'CARD_REPLACEMENT_REQUIRED';
/** The stable code of a refused card deletion: the card pays an active subscription and no other card can take over. */
export const ONLY_PAYING_CARD = 'ONLY_PAYING_CARD';

/** A card is good through the last day of its expiry month (UTC): true when that is before `date`. */
export function cardExpiresBefore(card: { expMonth: number | null; expYear: number | null }, date: number): boolean {
  if (card.expMonth === null || card.expYear === null) return false;
  return Date.UTC(card.expYear, card.expMonth, 1) <= date;
}

// ---- Promo codes (spec §3 promo result, §7 validateAndApplyPromoCode) ----

export const PROMO_MESSAGES = {
  applied: 'Promo code applied!',
  invalid: 'Invalid promo code.',
  expired: 'This promo code has expired.',
  wrongPlan: 'This promo code is not valid for this plan.',
  exhausted: 'This promo code has reached its redemption limit.',
  customerLimit: 'You have already used this promo code as many times as it allows.',
} as const;

export const promoRequestSchema = z.object({
  promoCode: z.string().max(64, 'Invalid promo code.'),
  serviceId: z.string().min(1).max(100),
  /** Accepted for compatibility; the server prices from the plan and ignores it. */
  serviceAmount: z.number().int().nonnegative().optional(),
});
export type PromoRequest = z.infer<typeof promoRequestSchema>;

export const promoResultSchema = z.object({
  status: z.string(),
  message: z.string(),
  promoCode: z.string(),
  /** Cents due after the discount. */
  finalAmount: z.number().int().nonnegative(),
});
export type PromoResult = z.infer<typeof promoResultSchema>;

// ---- Checkout and payments (spec §3 Payments, UserPayments; §4 payment states) ----

export const CHECKOUT_MODES = ['NEW_SUBSCRIPTION', 'REACTIVATE_SUBSCRIPTION'] as const;
export const checkoutModeSchema = z.enum(CHECKOUT_MODES);
export type CheckoutMode = z.infer<typeof checkoutModeSchema>;

export const checkoutRequestSchema = z
  .object({
    planId: z.string().min(1).max(100),
    promoCode: z.string().trim().max(64).nullish(),
    cardId: z.string().min(1).max(100).nullish(),
    mode: checkoutModeSchema.default('NEW_SUBSCRIPTION'),
    subscriptionId: z.string().min(1).max(100).nullish(),
    /** Made by the browser for one purchase attempt: resending it never makes a second payment. */
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'idempotencyKey must be 8 to 64 letters, digits, - or _.'),
  })
  .refine((v) => v.mode !== 'REACTIVATE_SUBSCRIPTION' || Boolean(v.subscriptionId), {
    message: 'subscriptionId is required to reactivate a subscription.',
    path: ['subscriptionId'],
  });
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;
export type CheckoutInput = z.output<typeof checkoutRequestSchema>;

export const PAYMENT_STATUSES = ['Pending', 'Complete', 'Failed'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const PURCHASE_TYPES = ['New Subscription', 'Reactivation', 'Renewal', 'Plan Change'] as const;
export const purchaseTypeSchema = z.enum(PURCHASE_TYPES);
export type PurchaseType = z.infer<typeof purchaseTypeSchema>;

/**
 * A chargeback a cardholder opened with their bank on a payment, as Square reports it (webhooks `dispute.created`,
 * `dispute.state.updated`). Open until the bank decides (WON, LOST) or the business accepts it.
 */
export const DISPUTE_STATES = [
  'INQUIRY_EVIDENCE_REQUIRED',
  'INQUIRY_PROCESSING',
  'INQUIRY_CLOSED',
  'EVIDENCE_REQUIRED',
  'PROCESSING',
  'WON',
  'LOST',
  'ACCEPTED',
] as const;
export const disputeStateSchema = z.enum(DISPUTE_STATES);
export type DisputeState = z.infer<typeof disputeStateSchema>;
const CLOSED_DISPUTE_STATES: readonly DisputeState[] = ['INQUIRY_CLOSED', 'WON', 'LOST', 'ACCEPTED'];
export const isOpenDispute = (state: DisputeState) => !CLOSED_DISPUTE_STATES.includes(state);

export const paymentDisputeSchema = z.object({
  id: z.string(),
  state: disputeStateSchema,
  /** Square's reason code (NOT_RECEIVED, DUPLICATE, ...). */
  reason: z.string(),
  /** Cents disputed. */
  amount: z.number().int(),
  /** When the evidence is due at Square (null once decided or when Square gave none). */
  dueAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type PaymentDispute = z.infer<typeof paymentDisputeSchema>;

/** How a payment's dispute is labelled: "Disputed" while open, then how it ended. */
export function disputeLabel(state: DisputeState): string {
  if (state === 'WON') return 'Dispute won';
  if (state === 'LOST') return 'Dispute lost';
  if (state === 'ACCEPTED') return 'Dispute accepted';
  if (state === 'INQUIRY_CLOSED') return 'Inquiry closed';
  return 'Disputed';
}

export const paymentSchema = z.object({
  id: z.string(),
  status: paymentStatusSchema,
  purchaseType: purchaseTypeSchema,
  serviceId: z.string(),
  serviceTitle: z.string(),
  price: z.string(),
  recurring: z.string(),
  /** Cents: the plan's price, the promo discount, and what was charged. */
  subtotal: z.number().int(),
  discount: z.number().int(),
  amount: z.number().int(),
  promoCode: z.string().nullable(),
  appliedDeal: promoResultSchema.nullable(),
  paymentType: z.literal('Card'),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** "R-000042" once the payment is Complete. */
  receiptNumber: z.string().nullable(),
  /** Cents refunded so far, and how the history shows it. */
  refunded: z.number().int(),
  refundStatus: z.enum(['Refunded', 'Partially refunded']).nullable(),
  /** The payment's latest dispute, if a cardholder ever disputed it. */
  dispute: paymentDisputeSchema.nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** Payment history, newest first, a page at a time: pass `nextCursor` back as `cursor` for the next page. */
export const paymentListSchema = pageOf('payments', paymentSchema);
export const paymentListQuerySchema = pageQuerySchema;

export const receiptNumberText = (n: number) => `R-${String(n).padStart(6, '0')}`;

/** How a refunded payment is labelled in history and on its receipt. */
export const refundStatusOf = (amount: number, refunded: number) =>
  refunded <= 0 ? null : refunded >= amount ? ('Refunded' as const) : ('Partially refunded' as const);
export type PaymentList = z.infer<typeof paymentListSchema>;

/** How a payment status is shown (spec §2): complete, failed, or otherwise pending. */
export function paymentStatusTone(status: string): 'complete' | 'failed' | 'pending' {
  const s = status.toLowerCase();
  return s === 'complete' ? 'complete' : s === 'failed' ? 'failed' : 'pending';
}

/** How an upgrade's charge is rounded; shown next to the amount before the customer confirms. */
export const PRORATION_ROUNDING =
  'Charged now for the remaining days of this period: the price difference × remaining days ÷ days in the period, rounded to the nearest cent (half a cent up).';

/** One plan a subscription can change to, priced by the server for the moment asked. */
export const planOptionSchema = z.object({
  planId: z.string(),
  title: z.string(),
  price: z.string(),
  amount: z.number().int(),
  recurring: z.string(),
  /** current: the subscription's plan; upgrade: charged now, effective at once; downgrade: from the next due date. */
  kind: z.enum(['current', 'upgrade', 'downgrade']),
  /** The plan's price minus the current plan's, per period, in cents. */
  priceDifference: z.number().int(),
  /** Upgrades: the prorated charge before and after the promo code, and the days it covers. */
  subtotal: z.number().int(),
  discount: z.number().int(),
  chargeNow: z.number().int(),
  remainingDays: z.number().int(),
  periodDays: z.number().int(),
  /** When the change takes effect: now for an upgrade, the due date for a downgrade. */
  effectiveAt: z.number().int(),
  promo: promoResultSchema.nullable(),
});
export type PlanOption = z.infer<typeof planOptionSchema>;

export const planOptionsSchema = z.object({ rounding: z.string(), options: z.array(planOptionSchema) });
export type PlanOptions = z.infer<typeof planOptionsSchema>;

export const planOptionsQuerySchema = z.object({ promoCode: z.string().trim().max(64).optional() });

export const changePlanRequestSchema = z.object({
  planId: z.string().min(1).max(100),
  promoCode: z.string().trim().max(64).nullish(),
});
export type ChangePlanRequest = z.input<typeof changePlanRequestSchema>;

/** Pay an overdue renewal now, optionally with another saved card (which then pays the subscription). */
export const payNowRequestSchema = z.object({ cardId: z.string().min(1).max(100).nullish() });

/** A staff refund of a completed payment: full or partial, with the reason shown on the receipt. */
export const refundRequestSchema = z.object({
  amount: z.number().int().min(1),
  reason: z.string().trim().min(1).max(500),
  /** Made by the console for one refund attempt: resending it never refunds twice. */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'idempotencyKey must be 8 to 64 letters, digits, - or _.'),
});
export type RefundRequest = z.input<typeof refundRequestSchema>;

export const refundSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  status: z.enum(['Pending', 'Complete', 'Failed']),
  failureReason: z.string().nullable(),
  createdAt: z.number().int(),
});
export type Refund = z.infer<typeof refundSchema>;
