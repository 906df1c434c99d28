import { z } from 'zod';
import { pageOf, pageQuerySchema } from './page.ts';
import { centsToDollars, discountDollarsProblem, dollarsToCents, MAX_CENTS } from './plans.ts';

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

/**
 * Promo codes as staff edit them (/staff/promo-codes). The rules are the ones the content import keeps: the same
 * code pattern, kinds and limits, so a code is valid the same way whoever writes it.
 */
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{2,40}$/;
export const PROMO_TYPES = ['percent', 'amount'] as const;
export type PromoType = (typeof PROMO_TYPES)[number];
export const MAX_PERCENT = 100;

/** A percent code takes at most 100 (an amount code is cents off, never more than the plan costs at checkout). */
export function checkPromoValue(promo: { type: PromoType; value: number }, ctx: z.RefinementCtx) {
  if (promo.type === 'percent' && promo.value > MAX_PERCENT) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: `a percent code takes at most ${MAX_PERCENT}` });
  }
}

export const MAX_REDEMPTIONS = 10_000_000;

/**
 * How long a code's discount lasts (decision 0062): the first payment only, every payment in the N months from the
 * first (for a monthly plan: the first payment and N-1 renewals), or every payment for as long as the subscription runs.
 */
export const PROMO_DURATIONS = ['once', 'months', 'forever'] as const;
export type PromoDuration = (typeof PROMO_DURATIONS)[number];
export const MAX_DURATION_MONTHS = 36;
export const PROMO_DURATION_LABELS: Record<PromoDuration, string> = {
  once: 'First payment only',
  months: 'For a number of months',
  forever: 'Every payment, for good',
};

/** A code's duration in words: "First payment only", "3 months", "For good". */
export const promoDurationText = (p: { duration: PromoDuration; durationMonths: number | null }) =>
  p.duration === 'once' ? 'First payment only' : p.duration === 'forever' ? 'For good' : `${p.durationMonths} month${p.durationMonths === 1 ? '' : 's'}`;

/** Months go with "for a number of months" and with nothing else. */
export function checkPromoDuration(promo: { duration: PromoDuration; durationMonths: number | null }, ctx: z.RefinementCtx) {
  if (promo.duration === 'months' && promo.durationMonths === null) {
    ctx.addIssue({ code: 'custom', path: ['durationMonths'], message: 'a code that lasts some months needs the number of months' });
  }
  if (promo.duration !== 'months' && promo.durationMonths !== null) {
    ctx.addIssue({ code: 'custom', path: ['durationMonths'], message: 'only a code that lasts some months takes a number of months' });
  }
}

const checkPromo = (promo: { type: PromoType; value: number; duration: PromoDuration; durationMonths: number | null }, ctx: z.RefinementCtx) => {
  checkPromoValue(promo, ctx);
  checkPromoDuration(promo, ctx);
};

/** Codes are stored upper-case; "welcome10" and "WELCOME10" are one code. */
export const promoCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(PROMO_CODE_PATTERN, 'Use 2 to 40 letters, digits, - or _ for the code.');

const promoFields = z.object({
  type: z.enum(PROMO_TYPES),
  /** Percent off (1 to 100), or cents off. */
  value: z.number().int().min(1).max(MAX_CENTS),
  active: z.boolean(),
  /** Epoch milliseconds from which the code is refused as expired; null: never. */
  expiresAt: z.number().int().min(0).max(8_640_000_000_000_000).nullable(),
  /** The plans it applies to; null: every plan. */
  serviceIds: z.array(z.string().min(1).max(100)).min(1).max(200).nullable(),
  maxRedemptions: z.number().int().min(1).max(MAX_REDEMPTIONS).nullable(),
  /** Absent in a request made before codes lasted: 'once'. */
  duration: z.enum(PROMO_DURATIONS).default('once'),
  durationMonths: z.number().int().min(1).max(MAX_DURATION_MONTHS).nullable().default(null),
  /** Purchases one customer may make with it; null: no limit per customer. */
  maxPerCustomer: z.number().int().min(1).max(MAX_REDEMPTIONS).nullable().default(null),
});
export const promoCodeInputSchema = promoFields.superRefine(checkPromo);
export type PromoCodeInput = z.infer<typeof promoCodeInputSchema>;
export const newPromoCodeSchema = promoFields.extend({ code: promoCodeSchema }).superRefine(checkPromo);
export type NewPromoCodeInput = z.infer<typeof newPromoCodeSchema>;
export const promoCodeParamsSchema = z.object({ code: z.string().min(1).max(64) });

/** As stored: what the import wrote may lie outside the editor's limits, and is still listed. */
export const staffPromoCodeSchema = z.object({
  code: z.string(),
  type: z.enum(PROMO_TYPES),
  value: z.number().int(),
  active: z.boolean(),
  expiresAt: z.number().int().nullable(),
  serviceIds: z.array(z.string()).nullable(),
  maxRedemptions: z.number().int().nullable(),
  duration: z.enum(PROMO_DURATIONS),
  durationMonths: z.number().int().nullable(),
  maxPerCustomer: z.number().int().nullable(),
  /** Completed payments that used it. */
  redemptions: z.number().int(),
  /** No payment of any status names it: it can be deleted. A used code can only be retired (made inactive). */
  deletable: z.boolean(),
});
export type StaffPromoCode = z.infer<typeof staffPromoCodeSchema>;
export const staffPromoCodeListSchema = z.object({ promoCodes: z.array(staffPromoCodeSchema) });

/** What is wrong with a typed percent, in words that say what to type instead; null when it is 1 to 100. */
export function percentProblem(text: string): string | null {
  const typed = text.trim();
  const range = `enter a whole percent from 1 to ${MAX_PERCENT}`;
  if (typed.startsWith('-')) return `A discount cannot be negative: ${range}.`;
  if (!/^\d+$/.test(typed) || Number(typed) < 1) return `Enter a whole percent from 1 to ${MAX_PERCENT}.`;
  if (Number(typed) > MAX_PERCENT) return `A percent code takes at most ${MAX_PERCENT}%: ${range}.`;
  return null;
}

/** What is wrong with a typed redemption limit; null when it is empty (no limit) or 1 to 10,000,000. */
export function redemptionLimitProblem(text: string): string | null {
  const typed = text.trim().replace(/,/g, '');
  if (typed === '') return null;
  if (typed.startsWith('-')) return 'A limit cannot be negative: enter a whole number of 1 or more, or leave it empty.';
  if (!/^\d+$/.test(typed) || Number(typed) < 1) return 'Enter a whole number of 1 or more, or leave it empty.';
  if (Number(typed) > MAX_REDEMPTIONS) return `Enter at most ${MAX_REDEMPTIONS.toLocaleString('en-US')}, or leave it empty for no limit.`;
  return null;
}

/** What is wrong with a typed number of months; null when it is 1 to 36. */
export function durationMonthsProblem(text: string): string | null {
  const typed = text.trim();
  if (typed === '') return `Enter for how many months the discount lasts, from 1 to ${MAX_DURATION_MONTHS}.`;
  if (!/^\d+$/.test(typed) || Number(typed) < 1) return `Enter a whole number of months from 1 to ${MAX_DURATION_MONTHS}.`;
  if (Number(typed) > MAX_DURATION_MONTHS) return `A code lasts at most ${MAX_DURATION_MONTHS} months: enter fewer, or choose "${PROMO_DURATION_LABELS.forever}".`;
  return null;
}

/** What is wrong with a typed limit per customer; null when empty (no limit) or a whole number the total allows. */
export function perCustomerLimitProblem(text: string, totalText: string): string | null {
  const typed = text.trim().replace(/,/g, '');
  if (typed === '') return null;
  const problem = redemptionLimitProblem(typed);
  if (problem) return problem;
  const total = totalText.trim().replace(/,/g, '');
  if (/^\d+$/.test(total) && Number(typed) > Number(total)) {
    return `A customer cannot use it more often than it can be used in all (${Number(total).toLocaleString('en-US')}): enter at most that, or leave it empty.`;
  }
  return null;
}

/** The form's fields, as typed: the value in percent or in dollars, the expiry as a local date and time. */
export const promoCodeFormSchema = z
  .object({
    code: promoCodeSchema,
    type: z.enum(PROMO_TYPES),
    value: z.string().trim(),
    active: z.boolean(),
    expires: z.string(),
    planIds: z.array(z.string()),
    maxRedemptions: z.string().trim(),
    duration: z.enum(PROMO_DURATIONS),
    durationMonths: z.string().trim(),
    maxPerCustomer: z.string().trim(),
  })
  .superRefine((form, ctx) => {
    const monthsProblem = form.duration === 'months' ? durationMonthsProblem(form.durationMonths) : null;
    if (monthsProblem) ctx.addIssue({ code: 'custom', path: ['durationMonths'], message: monthsProblem });
    const perCustomerProblem = perCustomerLimitProblem(form.maxPerCustomer, form.maxRedemptions);
    if (perCustomerProblem) ctx.addIssue({ code: 'custom', path: ['maxPerCustomer'], message: perCustomerProblem });
    const valueProblem = form.type === 'percent' ? percentProblem(form.value) : discountDollarsProblem(form.value);
    if (valueProblem) ctx.addIssue({ code: 'custom', path: ['value'], message: valueProblem });
    const limitProblem = redemptionLimitProblem(form.maxRedemptions);
    if (limitProblem) ctx.addIssue({ code: 'custom', path: ['maxRedemptions'], message: limitProblem });
    if (form.expires && Number.isNaN(new Date(form.expires).getTime())) {
      ctx.addIssue({ code: 'custom', path: ['expires'], message: 'Enter a date and time, or leave it empty.' });
    }
  });
export type PromoCodeForm = z.infer<typeof promoCodeFormSchema>;

/** What the form sends: percent as typed, dollars as cents, the local expiry as epoch milliseconds. */
export const promoCodeFromForm = (form: PromoCodeForm): PromoCodeInput => ({
  type: form.type,
  value: form.type === 'percent' ? Number(form.value) : dollarsToCents(form.value),
  active: form.active,
  expiresAt: form.expires ? new Date(form.expires).getTime() : null,
  serviceIds: form.planIds.length > 0 ? form.planIds : null,
  maxRedemptions: form.maxRedemptions ? Number(form.maxRedemptions.replace(/,/g, '')) : null,
  duration: form.duration,
  durationMonths: form.duration === 'months' ? Number(form.durationMonths) : null,
  maxPerCustomer: form.maxPerCustomer ? Number(form.maxPerCustomer.replace(/,/g, '')) : null,
});

/** A saved code as the form shows it; `localDateTime` turns epoch milliseconds into the input's local text. */
export const promoCodeToForm = (promo: StaffPromoCode, localDateTime: (ms: number) => string): PromoCodeForm => ({
  code: promo.code,
  type: promo.type,
  value: promo.type === 'percent' ? String(promo.value) : centsToDollars(promo.value),
  active: promo.active,
  expires: promo.expiresAt === null ? '' : localDateTime(promo.expiresAt),
  planIds: promo.serviceIds ?? [],
  maxRedemptions: promo.maxRedemptions === null ? '' : String(promo.maxRedemptions),
  duration: promo.duration,
  durationMonths: promo.durationMonths === null ? '' : String(promo.durationMonths),
  maxPerCustomer: promo.maxPerCustomer === null ? '' : String(promo.maxPerCustomer),
});

/** A saved code's editable fields, as an update sends them (retiring one sends them with `active: false`). */
export const promoCodeInputOf = ({ type, value, active, expiresAt, serviceIds, maxRedemptions, duration, durationMonths, maxPerCustomer }: StaffPromoCode): PromoCodeInput => ({
  type,
  value,
  active,
  expiresAt,
  serviceIds,
  maxRedemptions,
  duration,
  durationMonths,
  maxPerCustomer,
});
