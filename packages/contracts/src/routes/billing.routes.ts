import { z } from 'zod';
import {
  addCardSchema,
  cardListSchema,
  cardSchema,
  checkoutRequestSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentSchema,
  paymentsConfigSchema,
  promoRequestSchema,
  promoResultSchema,
  setDefaultCardSchema,
  setSubscriptionCardSchema,
  deleteCardQuerySchema,
  changePlanRequestSchema,
  payNowRequestSchema,
  planOptionsQuerySchema,
  planOptionsSchema,
  refundRequestSchema,
  refundSchema,
  newPromoCodeSchema,
  promoCodeInputSchema,
  promoCodeParamsSchema,
  staffPromoCodeListSchema,
  staffPromoCodeSchema,
} from '../billing.ts';
import { billingProfileSchema } from '../receipt.ts';
import { staffRetryRenewalSchema, subscriptionSchema } from '../subscriptions.ts';
import { errorBodySchema, staffErrors } from '../errors.ts';
import { pageQuerySchema } from '../page.ts';
import { customerParamsSchema } from '../staff.ts';
import { defineRoute, noContent, rawBody } from '../route.ts';
import { topics } from '../topics.ts';

const tags = ['billing'];
const idParams = z.object({ id: z.string().min(1).max(100) });
const errors = { 401: errorBodySchema, 404: errorBodySchema };

export const getPaymentsConfig = defineRoute({
  method: 'GET',
  path: '/api/payments/config',
  auth: 'user',
  tags,
  summary: 'Client ids for the card form (spec §7 getSquareClientIds)',
  responses: { 200: paymentsConfigSchema, 401: errorBodySchema },
});

export const validatePromoCode = defineRoute({
  method: 'POST',
  path: '/api/promo-codes/validate',
  auth: 'user',
  tags,
  summary: 'Check a promo code for a plan and price it (spec §7 validateAndApplyPromoCode)',
  description: 'A refused code answers 200 with a status other than "success" and the reason in message.',
  body: promoRequestSchema,
  responses: { 200: promoResultSchema, ...errors },
});

export const startCheckout = defineRoute({
  method: 'POST',
  path: '/api/checkout',
  auth: 'user',
  tags,
  summary: 'Start a purchase: a Pending payment, charged right after (watch GET /api/payments/:id)',
  description:
    'The server prices the plan and the promo code. The same idempotencyKey never makes a second payment: it answers what the first request answered (202, the payment as it was created).',
  body: checkoutRequestSchema,
  responses: { 202: paymentSchema, 400: errorBodySchema, ...errors, 409: errorBodySchema },
  topic: topics.payments,
});

export const listPayments = defineRoute({
  method: 'GET',
  path: '/api/payments',
  auth: 'user',
  tags,
  summary: "The user's payments, newest first, 25 a page (spec §3 UserPayments)",
  query: paymentListQuerySchema,
  responses: { 200: paymentListSchema, 400: errorBodySchema, 401: errorBodySchema },
  topic: topics.payments,
});

export const getPayment = defineRoute({
  method: 'GET',
  path: '/api/payments/:id',
  auth: 'user',
  tags,
  summary: 'One of the user’s payments',
  params: idParams,
  responses: { 200: paymentSchema, ...errors },
  topic: topics.payments,
});

export const getReceipt = defineRoute({
  method: 'GET',
  path: '/api/payments/:id/receipt',
  auth: 'user',
  tags,
  summary: 'The receipt of a completed payment as a PDF (the same bytes every time)',
  params: idParams,
  responses: { 200: rawBody, ...errors, 409: errorBodySchema },
});

export const getBillingProfile = defineRoute({
  method: 'GET',
  path: '/api/me/billing-profile',
  auth: 'user',
  tags,
  summary: "The business the signed-in customer's receipts are made out to (empty fields: none)",
  responses: { 200: billingProfileSchema, 401: errorBodySchema },
});

export const updateBillingProfile = defineRoute({
  method: 'PUT',
  path: '/api/me/billing-profile',
  auth: 'user',
  tags,
  summary: 'Saves the billing profile that every receipt from now on carries; receipts issued before keep theirs',
  description: 'Every field is optional (empty clears it); an address or tax ID needs a business name. All empty removes the profile.',
  body: billingProfileSchema,
  responses: { 200: billingProfileSchema, 400: errorBodySchema, 401: errorBodySchema },
});

export const listCards = defineRoute({
  method: 'GET',
  path: '/api/cards',
  auth: 'user',
  tags,
  summary: "The user's saved cards, newest first, 25 a page, with the default card (spec §3 Cards)",
  query: pageQuerySchema,
  responses: { 200: cardListSchema, 400: errorBodySchema, 401: errorBodySchema },
  topic: topics.cards,
});

export const addCard = defineRoute({
  method: 'POST',
  path: '/api/cards',
  auth: 'user',
  tags,
  summary: 'Save a card from its card-form token: PendingSquareCreation, then Complete or Error (watch GET /api/cards/:id)',
  body: addCardSchema,
  responses: { 202: cardSchema, 400: errorBodySchema, 401: errorBodySchema },
  topic: topics.cards,
});

export const getCard = defineRoute({
  method: 'GET',
  path: '/api/cards/:id',
  auth: 'user',
  tags,
  summary: 'One of the user’s cards',
  params: idParams,
  responses: { 200: cardSchema, ...errors },
  topic: topics.cards,
});

export const deleteCard = defineRoute({
  method: 'DELETE',
  path: '/api/cards/:id',
  auth: 'user',
  tags,
  summary: 'Delete a card (disabled at Square first)',
  description:
    'A card that pays an active subscription (its own card, or the default card of one without its own) needs replacementCardId (another saved card, which then pays those subscriptions): otherwise 409 CARD_REPLACEMENT_REQUIRED when the user has another card to name, 409 ONLY_PAYING_CARD when another card must be added first.',
  params: idParams,
  query: deleteCardQuerySchema,
  responses: { 204: noContent, 400: errorBodySchema, ...errors, 409: errorBodySchema, 502: errorBodySchema },
  topic: topics.cards,
});

export const setDefaultCard = defineRoute({
  method: 'PUT',
  path: '/api/cards/default',
  auth: 'user',
  tags,
  summary: "Change the user's default card (spec §3 DefaultCard); answers the first page of the cards",
  body: setDefaultCardSchema,
  responses: { 200: cardListSchema, 400: errorBodySchema, ...errors },
  topic: topics.cards,
});

export const setSubscriptionCard = defineRoute({
  method: 'PUT',
  path: '/api/subscriptions/:id/card',
  auth: 'user',
  tags,
  summary: 'Choose which saved card pays a subscription (its renewals, plan changes and pay now)',
  params: idParams,
  body: setSubscriptionCardSchema,
  responses: { 200: subscriptionSchema, 400: errorBodySchema, ...errors, 409: errorBodySchema },
  topic: topics.subscriptions,
});

export const getPlanOptions = defineRoute({
  method: 'GET',
  path: '/api/subscriptions/:id/plan-options',
  auth: 'user',
  tags,
  summary: 'The visible plans a subscription can change to, with the price difference and the prorated charge now',
  params: idParams,
  query: planOptionsQuerySchema,
  responses: { 200: planOptionsSchema, 400: errorBodySchema, ...errors, 409: errorBodySchema },
  topic: topics.subscriptions,
});

export const changePlanResultSchema = z.object({ subscription: subscriptionSchema, payment: paymentSchema.nullable() });

export const changePlan = defineRoute({
  method: 'POST',
  path: '/api/subscriptions/:id/change-plan',
  auth: 'user',
  tags,
  summary: 'Change plan: an upgrade is charged now (prorated) and applies at once; a downgrade waits for the due date',
  description:
    'One change at a time. An upgrade answers its Plan Change payment (watch GET /api/payments/:id); sending the same change again answers the same payment and never charges twice.',
  params: idParams,
  body: changePlanRequestSchema,
  responses: { 200: changePlanResultSchema, 400: errorBodySchema, ...errors, 409: errorBodySchema },
  topic: topics.subscriptions,
});

export const undoPlanChange = defineRoute({
  method: 'DELETE',
  path: '/api/subscriptions/:id/pending-change',
  auth: 'user',
  tags,
  summary: 'Undo a downgrade scheduled for the next due date',
  params: idParams,
  responses: { 200: subscriptionSchema, ...errors, 409: errorBodySchema },
  topic: topics.subscriptions,
});

export const payNow = defineRoute({
  method: 'POST',
  path: '/api/subscriptions/:id/pay-now',
  auth: 'user',
  tags,
  summary: 'Pay an overdue renewal now (cancels the pending retries once paid); idempotent while one is in flight',
  params: idParams,
  body: payNowRequestSchema,
  responses: { 202: paymentSchema, 400: errorBodySchema, ...errors, 409: errorBodySchema },
  topic: topics.payments,
});

export const refundPaymentResultSchema = z.object({ refund: refundSchema, payment: paymentSchema });

export const refundPayment = defineRoute({
  method: 'POST',
  path: '/api/staff/payments/:id/refunds',
  auth: 'admin',
  tags: ['staff'],
  summary: "Refund all or part of a customer's completed payment through Square, with a reason",
  description:
    'Refunding more than what is left of the payment is refused (REFUND_TOO_LARGE). The same idempotencyKey again answers the same refund.',
  params: idParams,
  body: refundRequestSchema,
  responses: { 200: refundPaymentResultSchema, 400: errorBodySchema, ...errors, 403: errorBodySchema, 409: errorBodySchema, 502: errorBodySchema },
  topic: topics.payments,
});

export const squareWebhookResultSchema = z.object({
  /** applied: the ledger changed; duplicate: this event id was handled before; ignored: nothing of ours to change. */
  outcome: z.enum(['applied', 'duplicate', 'ignored']),
});

/** Square's signature header: base64 HMAC-SHA256, with the subscription's signature key, of the notification URL and the body. */
export const SQUARE_SIGNATURE_HEADER = 'x-square-hmacsha256-signature';

export const receiveSquareWebhook = defineRoute({
  method: 'POST',
  path: '/api/webhooks/square',
  auth: 'public',
  tags: ['webhooks'],
  summary: "Square's event notifications (payment.updated, refund.created/updated, dispute.created/state.updated)",
  description:
    'Square posts each event as JSON signed in `x-square-hmacsha256-signature`; a missing or wrong signature is refused (401 INVALID_WEBHOOK_SIGNATURE) before the body is read. Events are applied once by `event_id`: a repeat answers `duplicate` and changes nothing. Other event types are recorded and ignored.',
  responses: { 200: squareWebhookResultSchema, 400: errorBodySchema, 401: errorBodySchema, 415: errorBodySchema },
});

/** What an operator's sweep run did, and the server's time after it. */
export const sweepResultSchema = z.object({
  now: z.number().int(),
  renewals: z.number().int(),
  /** Payments and cards left Pending sent to Square again, and receipts left unmailed queued. */
  pending: z.object({ payments: z.number().int(), cards: z.number().int(), receipts: z.number().int() }),
  /** Renewal reminder e-mails queued. */
  reminders: z.number().int(),
  /** Price change notices and reminders queued, and changes that became their plan's price. */
  priceChanges: z.object({ notices: z.number().int(), reminders: z.number().int(), applied: z.number().int() }),
});

export const runBillingSweeps = defineRoute({
  method: 'POST',
  path: '/api/operator/billing/sweeps',
  auth: 'operator',
  tags: ['operator'],
  summary: 'Run the renewal, pending-payment and renewal reminder sweeps now',
  responses: { 200: sweepResultSchema },
});

/** Test servers only (ALLOW_CLOCK_CONTROL): moves the clock forward, then runs the sweeps. */
export const advanceBillingClock = defineRoute({
  method: 'POST',
  path: '/api/operator/billing/clock',
  auth: 'operator',
  hide: true,
  tags: ['operator'],
  summary: 'Move the test clock forward and run the sweeps',
  body: z.object({
    advanceMs: z.number().int().min(0).max(5 * 365 * 86_400_000).default(0),
    advanceDays: z.number().min(0).max(5 * 365).default(0),
  }),
  responses: { 200: sweepResultSchema },
});

/** The staff editor of promo codes (admins only): listed under the staff console's tag. */
const staffTags = ['staff'];

/** Promo codes price plans, so their writes publish on `plans`: open checkouts re-check an applied code. */
export const listStaffPromoCodes = defineRoute({
  method: 'GET',
  path: '/api/staff/promo-codes',
  auth: 'admin',
  tags: staffTags,
  summary: 'Every promo code, retired ones too, by code, with how many times each was redeemed',
  responses: { 200: staffPromoCodeListSchema, ...staffErrors },
  topic: topics.plans,
});

export const createPromoCode = defineRoute({
  method: 'POST',
  path: '/api/staff/promo-codes',
  auth: 'admin',
  tags: staffTags,
  summary: 'New promo code (stored upper-case; an amount code is in cents); 409 PROMO_CODE_TAKEN if it exists',
  body: newPromoCodeSchema,
  responses: { 201: staffPromoCodeSchema, ...staffErrors },
  topic: topics.plans,
});

export const updatePromoCode = defineRoute({
  method: 'PUT',
  path: '/api/staff/promo-codes/:code',
  auth: 'admin',
  tags: staffTags,
  summary: "Change a code's kind, value, plans, expiry or limit, or retire it (active false); its redemptions stay",
  params: promoCodeParamsSchema,
  body: promoCodeInputSchema,
  responses: { 200: staffPromoCodeSchema, ...staffErrors },
  topic: topics.plans,
});

export const deletePromoCode = defineRoute({
  method: 'DELETE',
  path: '/api/staff/promo-codes/:code',
  auth: 'admin',
  tags: staffTags,
  summary: 'Delete a code no payment used (409 PROMO_CODE_USED otherwise: retire it instead)',
  params: promoCodeParamsSchema,
  responses: { 204: noContent, ...staffErrors },
  topic: topics.plans,
});

// A customer's payments and cards on the staff's customer page, and retrying a failed renewal from there (asks why;
// audited with who and when).
const customerPageErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const listCustomerPayments = defineRoute({
  method: 'GET',
  path: '/api/staff/customers/:userId/payments',
  auth: 'staff',
  tags: staffTags,
  summary: "A customer's payments (with what was refunded of each, and disputes), newest first, a page at a time",
  params: customerParamsSchema,
  query: pageQuerySchema,
  responses: { 200: paymentListSchema, ...customerPageErrors },
  topic: topics.payments,
});

export const listCustomerCards = defineRoute({
  method: 'GET',
  path: '/api/staff/customers/:userId/cards',
  auth: 'staff',
  tags: staffTags,
  summary: "A customer's saved cards (never a token), newest first, a page at a time, with the default card",
  params: customerParamsSchema,
  query: pageQuerySchema,
  responses: { 200: cardListSchema, ...customerPageErrors },
  topic: topics.cards,
});

export const staffRetryRenewal = defineRoute({
  method: 'POST',
  path: '/api/staff/subscriptions/:id/retry-renewal',
  auth: 'admin',
  tags: staffTags,
  summary: 'Charge a failed renewal now, with the subscription’s card; never charges twice',
  description: 'While the retry is in flight the same payment is answered again. 409 NOTHING_DUE when no renewal failed.',
  params: idParams,
  body: staffRetryRenewalSchema,
  responses: { 202: paymentSchema, ...customerPageErrors, 409: errorBodySchema },
  topic: topics.payments,
});

export const billingRoutes = {
  getPaymentsConfig,
  validatePromoCode,
  startCheckout,
  listPayments,
  getPayment,
  getReceipt,
  getBillingProfile,
  updateBillingProfile,
  listCards,
  addCard,
  getCard,
  deleteCard,
  setDefaultCard,
  setSubscriptionCard,
  runBillingSweeps,
  advanceBillingClock,
  getPlanOptions,
  changePlan,
  undoPlanChange,
  payNow,
  refundPayment,
  receiveSquareWebhook,
  listStaffPromoCodes,
  createPromoCode,
  updatePromoCode,
  deletePromoCode,
  listCustomerPayments,
  listCustomerCards,
  staffRetryRenewal,
};
