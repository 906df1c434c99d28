import { z } from 'zod';

/** How long a customer may pause a subscription: 1, 2 or 3 months (issue 24). */
export const PAUSE_MONTHS = [1, 2, 3] as const;
export const pauseRequestSchema = z.object({ months: z.union([z.literal(1), z.literal(2), z.literal(3)]) });
export type PauseRequest = z.infer<typeof pauseRequestSchema>;

/** A paused subscription: since when, when it resumes by itself, and the due date it will then have. */
export const pauseSchema = z.object({
  pausedAt: z.number().int(),
  resumesAt: z.number().int(),
  /** The due date once it resumes on `resumesAt`: the old one moved by the paused time. */
  nextPaymentAt: z.number().int(),
});
export type Pause = z.infer<typeof pauseSchema>;

/** An accepted retention offer still lowering the coming renewals. */
export const retentionDiscountSchema = z.object({ percentOff: z.number().int(), renewalsLeft: z.number().int() });
export type RetentionDiscount = z.infer<typeof retentionDiscountSchema>;

/** The one retention offer staff define: a percentage off the next N renewals. */
export const retentionOfferInputSchema = z.object({
  percentOff: z.number().int().min(1).max(100),
  renewals: z.number().int().min(1).max(12),
  active: z.boolean(),
});
export type RetentionOfferInput = z.infer<typeof retentionOfferInputSchema>;
export const retentionOfferSchema = retentionOfferInputSchema.extend({ updatedAt: z.number().int() });

/** What the cancel flow shows before the reasons, once per subscription (null: nothing to show). */
export const presentedOfferSchema = z.object({
  offer: z
    .object({ percentOff: z.number().int(), renewals: z.number().int(), amount: z.number().int(), discountedAmount: z.number().int() })
    .nullable(),
});
export type PresentedOffer = z.infer<typeof presentedOfferSchema>;

/** The staff console's offer with its figures: offers shown, accepted, and cancellations avoided. */
export const staffRetentionOfferSchema = z.object({
  offer: retentionOfferSchema.nullable(),
  figures: z.object({ shown: z.number().int(), accepted: z.number().int(), avoided: z.number().int() }),
});
export type StaffRetentionOffer = z.infer<typeof staffRetentionOfferSchema>;

/** "50% off your next 2 payments". */
export const retentionOfferText = (o: { percentOff: number; renewals: number }) =>
  `${o.percentOff}% off your next ${o.renewals === 1 ? 'payment' : `${o.renewals} payments`}`;
