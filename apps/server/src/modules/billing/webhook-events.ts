import { z } from 'zod';
import { disputeStateSchema } from '@portal/contracts/billing';

/**
 * The parts of Square's event notifications the ledger reads (Square's webhook reference; the SDK's
 * `PaymentUpdatedEvent`, `RefundCreatedEvent`, `DisputeCreatedEvent`... types): every event has `event_id`, `type`
 * and `data: { type, id, object }`; a payment or refund sits in `data.object.payment` / `data.object.refund`, a
 * dispute in `data.object.object`. Anything else Square sends is left alone.
 */
const id = z.string().min(1).max(200);
/** Cents, as the ledger's integer columns hold them. */
const money = z.object({ amount: z.number().int().min(0).max(2 ** 31 - 1), currency: z.string().max(3).optional() });

export const eventEnvelopeSchema = z.object({
  event_id: id,
  type: z.string().min(1).max(200),
  merchant_id: z.string().max(200).nullish(),
  created_at: z.string().max(100).optional(),
  data: z.unknown().optional(),
});
export type EventEnvelope = z.infer<typeof eventEnvelopeSchema>;

const dataOf = <T extends z.ZodType>(object: T) => z.object({ data: z.object({ object }) });

export const paymentEventSchema = dataOf(
  z.object({ payment: z.object({ id, status: z.string().min(1).max(50), reference_id: z.string().max(200).nullish() }) }),
);

/** Square's refund statuses: PENDING, then COMPLETED, or REJECTED / FAILED. */
export const refundEventSchema = dataOf(
  z.object({
    refund: z.object({
      id,
      status: z.string().min(1).max(50),
      payment_id: id,
      amount_money: money,
      reason: z.string().max(500).nullish(),
    }),
  }),
);
export type SquareRefund = z.infer<typeof refundEventSchema>['data']['object']['refund'];

export const disputeEventSchema = dataOf(
  z.object({
    object: z
      .object({
        id: id.optional(),
        /** The id of older API versions. */
        dispute_id: id.nullish(),
        state: disputeStateSchema,
        reason: z.string().max(100).nullish(),
        amount_money: money.optional(),
        disputed_payment: z.object({ payment_id: id }),
        due_at: z.string().max(100).nullish(),
        version: z.number().int().min(0).max(2 ** 31 - 1).optional(),
      })
      .refine((d) => Boolean(d.id ?? d.dispute_id), 'A dispute has an id.'),
  }),
);
export type SquareDispute = z.infer<typeof disputeEventSchema>['data']['object']['object'];

/** An RFC 3339 time Square gave, or null when it gave none or none readable. */
export function squareTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time;
}

/** What applying one event did: whether the ledger changed, which payment it was about, and work for after the commit. */
export interface Applied {
  applied: boolean;
  paymentId?: string;
  afterCommit?: () => void;
}
