import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { containsNul } from '../../platform/http/request-guards.ts';
import { applyDispute } from './disputes.ts';
import { lockPaymentOfSquare } from './payments-repository.ts';
import { processPayment } from './processor.ts';
import { squareWebhookEvents } from './schema.ts';
import { applySquareRefund } from './square-refunds.ts';
import { disputeEventSchema, eventEnvelopeSchema, paymentEventSchema, refundEventSchema, type Applied } from './webhook-events.ts';

/** What applying an event uses: processing a payment again, a refund or a dispute, each with its mail. */
type WebhookApp = Pick<FastifyInstance, 'billing' | 'clock' | 'config' | 'db' | 'log' | 'mail'>;
type Handler = (app: WebhookApp, tx: Db, event: unknown) => Promise<Applied>;

/** Reads an event's data with its type's schema; a known type in another shape is a bad request (400), never a 500. */
const reading =
  <S extends z.ZodType>(schema: S, apply: (app: WebhookApp, tx: Db, data: z.output<S>) => Promise<Applied>): { check: (event: unknown) => z.output<S>; apply: Handler } => ({
    check: (event) => {
      const parsed = schema.safeParse(event);
      if (!parsed.success) throw badRequest('INVALID_WEBHOOK_EVENT', `The event's data is not what Square sends: ${parsed.error.issues[0]?.message ?? 'unreadable'}.`);
      return parsed.data;
    },
    apply: (app, tx, data) => apply(app, tx, data as z.output<S>),
  });

/**
 * `payment.updated`: a payment of ours still Pending whose charge Square has settled (the portal crashed, or lost
 * Square's answer, between the charge and its commit) is processed again at once rather than at the next sweep:
 * processing asks Square again with the same idempotency key, so it records Square's one charge with everything
 * that follows from it (subscription, receipt, mail). Settled payments do not change: refunds come as refund events.
 */
const paymentUpdated = reading(paymentEventSchema, async (app, tx, { data }) => {
  const { payment } = data.object;
  const ours = await lockPaymentOfSquare(tx, payment.id, payment.reference_id);
  if (!ours) return { applied: false };
  if (ours.status !== 'Pending' || !['COMPLETED', 'FAILED', 'CANCELED'].includes(payment.status)) return { applied: false, paymentId: ours.id };
  return { applied: true, paymentId: ours.id, afterCommit: () => app.billing.later(() => processPayment(app, ours.id)) };
});

const HANDLERS: Record<string, ReturnType<typeof reading>> = {
  'payment.updated': paymentUpdated,
  'refund.created': reading(refundEventSchema, (app, tx, { data }) => applySquareRefund(app, tx, data.object.refund)),
  'refund.updated': reading(refundEventSchema, (app, tx, { data }) => applySquareRefund(app, tx, data.object.refund)),
  'dispute.created': reading(disputeEventSchema, (app, tx, { data }) => applyDispute(app, tx, data.object.object)),
  'dispute.state.updated': reading(disputeEventSchema, (app, tx, { data }) => applyDispute(app, tx, data.object.object)),
};

function parseEvent(rawBody: string): { envelope: z.output<typeof eventEnvelopeSchema>; json: unknown } {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw badRequest('INVALID_WEBHOOK_EVENT', 'The body is not JSON.');
  }
  if (containsNul(json)) throw badRequest('INVALID_CHARACTERS', "The event contains a NUL character (U+0000), which is not allowed.");
  const envelope = eventEnvelopeSchema.safeParse(json);
  if (!envelope.success) throw badRequest('INVALID_WEBHOOK_EVENT', 'An event has an event_id and a type.');
  return { envelope: envelope.data, json };
}

/**
 * One verified event notification, applied once by its `event_id`: the event is recorded in the transaction that
 * applies it, under its primary key, so a repeat (Square retries; two deliveries at once on two instances) finds it
 * recorded, or waits for the first to commit and then finds it, and changes nothing. Types the portal does not
 * handle are recorded as ignored.
 */
export async function receiveSquareEvent(app: WebhookApp, rawBody: string): Promise<{ outcome: 'applied' | 'duplicate' | 'ignored' }> {
  const { envelope, json } = parseEvent(rawBody);
  const handler = HANDLERS[envelope.type];
  const data = handler?.check(json);
  const result = await app.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(squareWebhookEvents)
      .values({ eventId: envelope.event_id, type: envelope.type, outcome: 'ignored', receivedAt: app.clock() })
      .onConflictDoNothing()
      .returning();
    if (!recorded) return null;
    const applied: Applied = handler ? await handler.apply(app, tx, data) : { applied: false };
    if (applied.applied || applied.paymentId) {
      await tx
        .update(squareWebhookEvents)
        .set({ outcome: applied.applied ? 'applied' : 'ignored', paymentId: applied.paymentId ?? null })
        .where(eq(squareWebhookEvents.eventId, envelope.event_id));
    }
    return applied;
  });
  if (!result) return { outcome: 'duplicate' };
  result.afterCommit?.();
  return { outcome: result.applied ? 'applied' : 'ignored' };
}
