import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { LOCAL_SQUARE } from '../local.ts';
import { errorAnswer, squareId, type Answer } from './http.ts';
import { sandboxPayments, sandboxRefunds } from './schema.ts';
import type { SandboxEvent } from './webhooks.ts';

type SandboxPayment = { status: string; amount_money: { amount: number; currency: string }; refunded_money?: { amount: number }; refund_ids?: string[] };

/**
 * A refund of a sandbox payment, as Square's Refunds API makes one (and its Dashboard, which uses the same rules):
 * only a completed payment, in its currency, and never more than what is left. The refund completes at once; the
 * events Square would send for it (`refund.created`, and `payment.updated` with the refunded money) are added to
 * `events`, for the caller to send once this has committed.
 */
export async function makeRefund(
  app: Pick<FastifyInstance, 'clock' | 'config'>,
  db: Db,
  input: { paymentId: string; amountMoney: { amount: number; currency: string }; reason?: string },
  events: SandboxEvent[],
): Promise<Answer> {
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, input.paymentId)).for('update');
  if (!row) return errorAnswer(404, { category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'Payment not found.' });
  const payment = row.body as SandboxPayment;
  if (payment.status !== 'COMPLETED') {
    return errorAnswer(400, { category: 'INVALID_REQUEST_ERROR', code: 'BAD_REQUEST', detail: 'Only a completed payment can be refunded.', field: 'payment_id' });
  }
  if (input.amountMoney.currency !== payment.amount_money.currency) {
    return errorAnswer(400, { category: 'INVALID_REQUEST_ERROR', code: 'CURRENCY_MISMATCH', detail: 'The refund currency must match the payment.', field: 'amount_money.currency' });
  }
  const refunded = payment.refunded_money?.amount ?? 0;
  if (input.amountMoney.amount < 1 || input.amountMoney.amount > payment.amount_money.amount - refunded) {
    return errorAnswer(400, {
      category: 'INVALID_REQUEST_ERROR',
      code: 'REFUND_AMOUNT_INVALID',
      detail: 'The requested refund amount exceeds the amount available to refund.',
      field: 'amount_money.amount',
    });
  }
  const at = app.clock().toISOString();
  const refund = {
    id: `${input.paymentId}_${squareId(20)}`,
    status: 'COMPLETED',
    amount_money: input.amountMoney,
    payment_id: input.paymentId,
    location_id: app.config.SQUARE_LOCATION_ID ?? LOCAL_SQUARE.locationId,
    ...(input.reason ? { reason: input.reason } : {}),
    created_at: at,
    updated_at: at,
  };
  await db.insert(sandboxRefunds).values({ id: refund.id, paymentId: input.paymentId, body: refund, createdAt: app.clock() });
  const updated = {
    ...payment,
    refunded_money: { amount: refunded + input.amountMoney.amount, currency: payment.amount_money.currency },
    refund_ids: [...(payment.refund_ids ?? []), refund.id],
    updated_at: at,
  };
  await db.update(sandboxPayments).set({ body: updated }).where(eq(sandboxPayments.id, input.paymentId));
  events.push(
    { type: 'refund.created', objectType: 'refund', objectId: refund.id, object: { refund } },
    { type: 'payment.updated', objectType: 'payment', objectId: input.paymentId, object: { payment: updated } },
  );
  return { status: 200, body: { refund } };
}
