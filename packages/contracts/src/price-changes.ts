import { z } from 'zod';
import { dollarsField, MAX_CENTS, MIN_PLAN_CENTS, PLAN_TOO_CHEAP, priceChangeSchema } from './plans.ts';

/**
 * A plan's price change announced ahead (decision 0062). The Terms promise subscribers notice: the effective date is
 * at least MIN_NOTICE_DAYS away when it is set; subscribers are mailed at once and again REMINDER_DAYS before it.
 */
export const MIN_NOTICE_DAYS = 30;
export const PRICE_CHANGE_REMINDER_DAYS = 7;

export const priceChangeInputSchema = z.object({
  amount: z.number().int().min(MIN_PLAN_CENTS, PLAN_TOO_CHEAP).max(MAX_CENTS, 'A plan costs at most $999,999.99.'),
  /** Epoch milliseconds; the editor sends the chosen day's start (UTC, as the portal shows dates). */
  effectiveAt: z.number().int().min(0).max(8_640_000_000_000_000),
});
export type PriceChangeInput = z.infer<typeof priceChangeInputSchema>;

export { priceChangeSchema, type PriceChange } from './plans.ts';

/** A withdrawn change, and how many subscribers were told that their price stays. */
export const withdrawnPriceChangeSchema = z.object({ priceChange: priceChangeSchema, subscribersTold: z.number().int() });

/** The first day (UTC midnight, epoch ms) a change set at `now` may take effect. */
export function earliestEffectiveDay(now: number): number {
  const least = new Date(now + MIN_NOTICE_DAYS * 86_400_000);
  const day = Date.UTC(least.getUTCFullYear(), least.getUTCMonth(), least.getUTCDate());
  return day < least.getTime() ? day + 86_400_000 : day;
}

/** "2026-05-01" (a date input's value) as that day's start in UTC, or NaN. */
export const dayInputToMs = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00.000Z`) : Number.NaN);
/** A day's start (epoch ms) as a date input's value. */
export const msToDayInput = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The staff form: the new price typed in dollars, and the day it takes effect. */
export const priceChangeFormSchema = z
  .object({ dollars: dollarsField('A price', { cents: MIN_PLAN_CENTS, message: PLAN_TOO_CHEAP }), effectiveDay: z.string() })
  .superRefine((form, ctx) => {
    if (Number.isNaN(dayInputToMs(form.effectiveDay))) {
      ctx.addIssue({ code: 'custom', path: ['effectiveDay'], message: 'Choose the day the new price takes effect.' });
    }
  });
export type PriceChangeForm = z.infer<typeof priceChangeFormSchema>;
