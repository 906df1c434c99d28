import { z } from 'zod';

/** A subscription plan as customers see it (spec §3 Services). Amounts are integer cents. */
export const planSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Display price, e.g. "49.99". */
  price: z.string(),
  amount: z.number().int().nonnegative(),
  recurring: z.string(),
  description: z.string().nullable(),
});
export type Plan = z.infer<typeof planSchema>;

export const planListSchema = z.object({ plans: z.array(planSchema) });

/** The plans editor of /staff/plans (issue 11 item 1): every plan, hidden ones too, in pricing's order. */
export const PLAN_PERIODS = ['month', 'year', 'week'] as const;
/** A plan's price change announced ahead (decision 0062; its rules in price-changes.ts). */
export const priceChangeSchema = z.object({
  id: z.string(),
  planId: z.string(),
  amount: z.number().int(),
  price: z.string(),
  previousAmount: z.number().int(),
  effectiveAt: z.number().int(),
  createdAt: z.number().int(),
  /** When new buyers started paying it (the plan's own price was set to it); null while it lies ahead. */
  appliedAt: z.number().int().nullable(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

export const staffPlanSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Cents; the display price is derived from it. */
  amount: z.number().int(),
  price: z.string(),
  recurring: z.string(),
  description: z.string().nullable(),
  visible: z.boolean(),
  order: z.number().int(),
  /** Subscriptions of any status on this plan: a used plan can be hidden, never deleted. */
  subscriptionCount: z.number().int(),
  /** The price change announced and not yet in effect for new buyers (decision 0062). */
  priceChange: priceChangeSchema.nullable(),
});
export type StaffPlan = z.infer<typeof staffPlanSchema>;
export const staffPlanListSchema = z.object({ plans: z.array(staffPlanSchema) });
export const planParamsSchema = z.object({ planId: z.string().min(1).max(100) });
/** The most a plan or an amount-off code may be: $999,999.99. */
export const MAX_CENTS = 99_999_999;
/** The least a plan costs: checkout charges a card for it, so a plan is never free. */
export const MIN_PLAN_CENTS = 100;
export const PLAN_TOO_CHEAP = 'A plan costs at least $1.00: checkout charges a card for it, so a plan cannot be free.';
export const planInputSchema = z.object({
  title: z.string().trim().min(1, 'Title is required.').max(120, 'Title must be at most 120 characters.'),
  amount: z.number().int().min(MIN_PLAN_CENTS, PLAN_TOO_CHEAP).max(MAX_CENTS, 'A plan costs at most $999,999.99.'),
  recurring: z.enum(PLAN_PERIODS),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters.'),
  visible: z.boolean(),
});
export type PlanInput = z.infer<typeof planInputSchema>;
export const planMoveSchema = z.object({ direction: z.enum(['up', 'down']) });

const DOLLARS = /^\$?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;
const asDollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * What is wrong with an amount typed in dollars ("49", "49.99", "$1,200"), in words that say what to type instead;
 * null when it is a whole number of cents from `least.cents` to $999,999.99. `what` names it ("A price").
 */
export function dollarsProblem(text: string, what: string, least: { cents: number; message: string }): string | null {
  const typed = text.trim();
  if (typed.startsWith('-')) return `${what} cannot be negative: enter at least ${asDollars(least.cents)}.`;
  if (!DOLLARS.test(typed)) return 'Enter an amount in dollars, such as 49 or 49.99.';
  if (/\.\d{3,}$/.test(typed)) return 'Enter whole cents: at most two digits after the point.';
  const cents = dollarsToCents(typed);
  if (cents > MAX_CENTS) return `${what} can be at most ${asDollars(MAX_CENTS)}.`;
  if (cents < least.cents) return least.message;
  return null;
}

export const dollarsField = (what: string, least: { cents: number; message: string }) =>
  z
    .string()
    .trim()
    .superRefine((text, ctx) => {
      const problem = dollarsProblem(text, what, least);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** The form's fields: the amount typed in dollars ("49" or "49.99"), stored in cents. */
export const planFormSchema = planInputSchema.omit({ amount: true }).extend({
  dollars: dollarsField('A price', { cents: MIN_PLAN_CENTS, message: PLAN_TOO_CHEAP }),
});
export type PlanForm = z.infer<typeof planFormSchema>;
/** "$1,200.50" → 120050: the dollar sign and thousands separators are only how it was typed. */
export const dollarsToCents = (dollars: string) => Math.round(Number(dollars.trim().replace(/[$,]/g, '')) * 100);
export const centsToDollars = (cents: number) => (cents / 100).toFixed(2);
/** An amount-off code's dollars: at least a cent. */
export const discountDollarsProblem = (text: string) =>
  dollarsProblem(text, 'A discount', { cents: 1, message: 'Enter an amount off of at least $0.01.' });
