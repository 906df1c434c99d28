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
