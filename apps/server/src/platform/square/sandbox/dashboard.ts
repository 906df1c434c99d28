import { eq, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { disputeStateSchema } from '@portal/contracts/billing';
import { squareSandboxRoutes as route } from '@portal/contracts/routes/square-sandbox.routes';
import type { Db } from '../../db/client.ts';
import { LOCAL_SQUARE } from '../local.ts';
import { authorized, errorAnswer, parseBody, send, squareId, UNAUTHORIZED, type Answer } from './http.ts';
import { makeRefund } from './refunds.ts';
import { sandboxDisputes, sandboxPayments } from './schema.ts';
import { sendEvents, type SandboxEvent } from './webhooks.ts';

/** Square's payment id, or the portal's own (the payment's reference_id), as a person searching the Dashboard would. */
const whichPayment = {
  payment_id: z.string().min(1).max(200).optional(),
  reference_id: z.string().min(1).max(200).optional(),
};
const money = z.object({ amount: z.number().int().min(1), currency: z.string().length(3) });
const refundBody = z.object({ ...whichPayment, amount_money: money.optional(), reason: z.string().max(192).optional() });
const DISPUTE_REASONS = ['AMOUNT_DIFFERS', 'CANCELLED', 'DUPLICATE', 'NO_KNOWLEDGE', 'NOT_AS_DESCRIBED', 'NOT_RECEIVED', 'PAID_BY_OTHER_MEANS', 'CUSTOMER_REQUESTS_CREDIT', 'EMV_LIABILITY_SHIFT'] as const;
const disputeBody = z.object({ ...whichPayment, reason: z.enum(DISPUTE_REASONS).default('NOT_AS_DESCRIBED'), amount_money: money.optional() });
const stateBody = z.object({ state: disputeStateSchema });

const paymentNotFound = errorAnswer(404, { category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'Payment not found.' });
/** Square gives the seller about a week to answer a dispute. */
const EVIDENCE_DAYS = 7;

async function findPayment(db: Db, which: { payment_id?: string; reference_id?: string }) {
  if (!which.payment_id && !which.reference_id) return undefined;
  const [row] = await db
    .select()
    .from(sandboxPayments)
    .where(or(which.payment_id ? eq(sandboxPayments.id, which.payment_id) : undefined, which.reference_id ? eq(sandboxPayments.referenceId, which.reference_id) : undefined))
    .limit(1);
  return row;
}

/**
 * What Square's Dashboard and the card networks do, which Square's API cannot: a refund made by hand, a dispute a
 * cardholder opens, and the dispute's later states. Each sends the portal the events Square would, signed. Like
 * every sandbox endpoint, they take the sandbox's access token.
 */
export async function dashboardRoutes(app: FastifyInstance) {
  const hide = { schema: { hide: true } };
  const handle = (work: (request: FastifyRequest, events: SandboxEvent[]) => Promise<Answer>) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (!authorized(request)) return send(reply, UNAUTHORIZED);
    const events: SandboxEvent[] = [];
    const answer = await work(request, events);
    await sendEvents(app, events);
    return send(reply, answer);
  };
  const locationId = app.config.SQUARE_LOCATION_ID ?? LOCAL_SQUARE.locationId;

  app.post(route.dashboardRefund.path, hide, handle(async (request, events) => {
    const parsed = parseBody(refundBody, request.body);
    if (!parsed.ok) return parsed.answer;
    return app.db.transaction(async (tx) => {
      const payment = await findPayment(tx, parsed.value);
      if (!payment) return paymentNotFound;
      const paid = payment.body as { amount_money: { amount: number; currency: string }; refunded_money?: { amount: number } };
      const left = { amount: paid.amount_money.amount - (paid.refunded_money?.amount ?? 0), currency: paid.amount_money.currency };
      return makeRefund(app, tx, { paymentId: payment.id, amountMoney: parsed.value.amount_money ?? left, reason: parsed.value.reason }, events);
    });
  }));

  app.post(route.dashboardDispute.path, hide, handle(async (request, events) => {
    const parsed = parseBody(disputeBody, request.body);
    if (!parsed.ok) return parsed.answer;
    return app.db.transaction(async (tx) => {
      const payment = await findPayment(tx, parsed.value);
      if (!payment) return paymentNotFound;
      const paid = payment.body as { status: string; amount_money: { amount: number; currency: string }; card_details?: { card?: { card_brand?: string } } };
      if (paid.status !== 'COMPLETED') {
        return errorAnswer(400, { category: 'INVALID_REQUEST_ERROR', code: 'BAD_REQUEST', detail: 'Only a completed payment can be disputed.', field: 'payment_id' });
      }
      const now = app.clock();
      const id = squareId(22);
      const dispute = {
        id,
        amount_money: parsed.value.amount_money ?? paid.amount_money,
        reason: parsed.value.reason,
        state: 'EVIDENCE_REQUIRED',
        due_at: new Date(now.getTime() + EVIDENCE_DAYS * 86_400_000).toISOString(),
        disputed_payment: { payment_id: payment.id },
        card_brand: paid.card_details?.card?.card_brand ?? 'VISA',
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        brand_dispute_id: squareId(12),
        reported_at: now.toISOString(),
        version: 1,
        location_id: locationId,
      };
      await tx.insert(sandboxDisputes).values({ id, paymentId: payment.id, body: dispute, createdAt: now });
      events.push({ type: 'dispute.created', objectType: 'dispute', objectId: id, object: { object: dispute }, locationId });
      return { status: 200, body: { dispute } };
    });
  }));

  app.post(route.dashboardDisputeState.path, hide, handle(async (request, events) => {
    const parsed = parseBody(stateBody, request.body);
    if (!parsed.ok) return parsed.answer;
    const { id } = request.params as { id: string };
    return app.db.transaction(async (tx) => {
      const [row] = await tx.select().from(sandboxDisputes).where(eq(sandboxDisputes.id, id)).for('update');
      if (!row) return errorAnswer(404, { category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'Dispute not found.' });
      const before = row.body as { version: number };
      const dispute = { ...row.body, state: parsed.value.state, version: before.version + 1, updated_at: app.clock().toISOString() };
      await tx.update(sandboxDisputes).set({ body: dispute }).where(eq(sandboxDisputes.id, id));
      events.push({ type: 'dispute.state.updated', objectType: 'dispute', objectId: id, object: { object: dispute }, locationId });
      return { status: 200, body: { dispute } };
    });
  }));
}
