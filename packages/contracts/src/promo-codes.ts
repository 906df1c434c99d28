import { z } from 'zod';
import { centsToDollars, discountDollarsProblem, dollarsToCents, MAX_CENTS } from './staff.ts';

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
