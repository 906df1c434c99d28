import { and, eq, sql } from 'drizzle-orm';
import { SQUARE_SANDBOX_BASE_PATH } from '@portal/contracts/routes/square-sandbox.routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { squareSandboxRoutes as route } from '@portal/contracts/routes';
import { LOCAL_SQUARE } from '../local.ts';
import { authorized, errorAnswer, idempotent, parseBody, send, squareId, UNAUTHORIZED, type Answer } from './http.ts';
import { sandboxCards, sandboxCustomers, sandboxNonces, sandboxPayments, sandboxRefunds } from './schema.ts';
import { isAnswer, resolveCardOnFile, resolveNonce } from './sources.ts';
import { CARD_ERRORS, PAYMENT_ERRORS } from './test-values.ts';
import { tokenizerRoute } from './tokenizer.ts';
import { makeRefund } from './refunds.ts';
import { sendEvents, type SandboxEvent } from './webhooks.ts';
import { dashboardRoutes } from './dashboard.ts';

const key = z.string().min(1).max(45);
const customerBody = z.object({
  idempotency_key: key.optional(),
  given_name: z.string().max(300).optional(),
  family_name: z.string().max(300).optional(),
  email_address: z.string().max(254).optional(),
  reference_id: z.string().max(100).optional(),
});
const cardBody = z.object({
  idempotency_key: key,
  source_id: z.string().min(1),
  card: z.object({ customer_id: z.string().min(1), cardholder_name: z.string().max(96).optional(), reference_id: z.string().max(128).optional() }),
});
const paymentBody = z.object({
  idempotency_key: key,
  source_id: z.string().min(1),
  amount_money: z.object({ amount: z.number().int().min(1, 'amount_money.amount must be at least 1'), currency: z.string().length(3) }),
  customer_id: z.string().optional(),
  location_id: z.string().optional(),
  autocomplete: z.boolean().optional(),
  reference_id: z.string().max(40).optional(),
  note: z.string().max(500).optional(),
});

const refundBody = z.object({
  idempotency_key: key,
  payment_id: z.string().min(1),
  amount_money: z.object({ amount: z.number().int().min(1, 'amount_money.amount must be at least 1'), currency: z.string().length(3) }),
  reason: z.string().max(192).optional(),
});

export const notFound = (what: string) => errorAnswer(404, { category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: `${what} not found.` });

/**
 * The local Square sandbox: Square's REST paths and shapes for what the gateway uses (customers, cards, payments),
 * under /square-sandbox, with its state in our database. Only registered when SQUARE_ENVIRONMENT=local.
 */
export async function squareSandboxRoutes(app: FastifyInstance) {
  if (app.config.SQUARE_ENVIRONMENT !== 'local') return;
  const hide = { schema: { hide: true } };
  const guarded = (handler: (request: FastifyRequest) => Promise<Answer>) => async (request: FastifyRequest, reply: Parameters<typeof send>[0]) =>
    send(reply, authorized(request) ? await handler(request) : UNAUTHORIZED);
  const now = () => app.clock();

  // Requests the sandbox cannot read (malformed JSON, another content type) are answered in Square's errors[] shape.
  app.setErrorHandler((error: { statusCode?: number; message?: string }, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) return send(reply, errorAnswer(500, { category: 'API_ERROR', code: 'INTERNAL_SERVER_ERROR', detail: 'An internal error has occurred.' }));
    const code = status === 415 ? 'INVALID_CONTENT_TYPE' : 'BAD_REQUEST';
    const detail = status === 415 ? 'Content-Type must be application/json.' : 'The request body is not valid JSON.';
    return send(reply, errorAnswer(status === 415 ? 415 : 400, { category: 'INVALID_REQUEST_ERROR', code, detail }));
  });

  await app.register(tokenizerRoute);
  await app.register(dashboardRoutes);

  app.post(route.createSquareCustomer.path, hide, guarded(async (request) => {
    const parsed = parseBody(customerBody, request.body);
    if (!parsed.ok) return parsed.answer;
    const create = async (db: typeof app.db): Promise<Answer> => {
      const at = now().toISOString();
      const { idempotency_key: _key, ...fields } = parsed.value;
      const customer = { id: squareId(26), created_at: at, updated_at: at, ...fields, preferences: { email_unsubscribed: false }, creation_source: 'THIRD_PARTY', version: 0 };
      await db.insert(sandboxCustomers).values({ id: customer.id, body: customer });
      return { status: 200, body: { customer } };
    };
    const k = parsed.value.idempotency_key;
    return k ? idempotent(app.db, 'POST /v2/customers', k, request.body, create) : create(app.db);
  }));

  app.post(route.createSquareCard.path, hide, guarded(async (request) => {
    const parsed = parseBody(cardBody, request.body);
    if (!parsed.ok) return parsed.answer;
    const { idempotency_key, source_id, card: wanted } = parsed.value;
    return idempotent(app.db, 'POST /v2/cards', idempotency_key, request.body, async (db) => {
      const [customer] = await db.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, wanted.customer_id));
      if (!customer) return notFound('Customer');
      const source = await resolveNonce(db, source_id, now());
      if (isAnswer(source)) return source;
      if (source.spendNonce) await db.update(sandboxNonces).set({ usedAt: now() }).where(eq(sandboxNonces.nonce, source.spendNonce));
      if (source.outcome !== 'OK') return errorAnswer(400, CARD_ERRORS[source.outcome]);
      const card = {
        id: `ccof:${squareId(24)}`,
        ...source.card,
        ...(wanted.cardholder_name ? { cardholder_name: wanted.cardholder_name } : {}),
        ...(wanted.reference_id ? { reference_id: wanted.reference_id } : {}),
        customer_id: wanted.customer_id,
        merchant_id: 'MLOCALSANDBOX',
        enabled: true,
        version: 1,
        created_at: now().toISOString(),
      };
      await db.insert(sandboxCards).values({ id: card.id, customerId: wanted.customer_id, body: card });
      return { status: 200, body: { card } };
    });
  }));

  // ListCards, with Square's reference_id and customer_id filters (disabled cards only with include_disabled=true).
  app.get(route.listSquareCards.path, hide, guarded(async (request) => {
    const query = request.query as { reference_id?: string; customer_id?: string; include_disabled?: string };
    const rows = await app.db
      .select()
      .from(sandboxCards)
      .where(
        and(
          query.customer_id ? eq(sandboxCards.customerId, query.customer_id) : undefined,
          query.reference_id ? sql`${sandboxCards.body}->>'reference_id' = ${query.reference_id}` : undefined,
          query.include_disabled === 'true' ? undefined : sql`(${sandboxCards.body}->>'enabled')::boolean`,
        ),
      );
    return { status: 200, body: { cards: rows.map((row) => row.body) } };
  }));

  app.get(route.getSquareCard.path, hide, guarded(async (request) => {
    const { id } = request.params as { id: string };
    const [row] = await app.db.select().from(sandboxCards).where(eq(sandboxCards.id, id));
    return row ? { status: 200, body: { card: row.body } } : notFound('Card');
  }));

  app.post(route.disableSquareCard.path, hide, guarded(async (request) => {
    const { id } = request.params as { id: string };
    const [row] = await app.db.select().from(sandboxCards).where(eq(sandboxCards.id, id));
    if (!row) return notFound('Card');
    // Disabling a disabled card is allowed and changes nothing, as at Square.
    const card = { ...row.body, enabled: false };
    await app.db.update(sandboxCards).set({ body: card }).where(eq(sandboxCards.id, id));
    return { status: 200, body: { card } };
  }));

  app.post(route.createSquarePayment.path, hide, guarded(async (request) => {
    const parsed = parseBody(paymentBody, request.body);
    if (!parsed.ok) return parsed.answer;
    const p = parsed.value;
    if (p.location_id && p.location_id !== (app.config.SQUARE_LOCATION_ID ?? LOCAL_SQUARE.locationId)) return notFound('Location');
    if (p.amount_money.currency !== 'USD') {
      return errorAnswer(400, { category: 'INVALID_REQUEST_ERROR', code: 'CURRENCY_MISMATCH', detail: 'This location takes payments in USD.', field: 'amount_money.currency' });
    }
    return idempotent(app.db, 'POST /v2/payments', p.idempotency_key, request.body, async (db) => {
      const source = p.source_id.startsWith('ccof:')
        ? await resolveCardOnFile(db, p.source_id, p.customer_id)
        : await resolveNonce(db, p.source_id, now());
      if (isAnswer(source)) return source;
      if (source.outcome === 'TOKEN_USED') return errorAnswer(400, PAYMENT_ERRORS.TOKEN_USED);
      if (source.spendNonce) await db.update(sandboxNonces).set({ usedAt: now() }).where(eq(sandboxNonces.nonce, source.spendNonce));
      const ok = source.outcome === 'OK';
      const at = now().toISOString();
      const id = squareId(28);
      const payment = {
        id,
        created_at: at,
        updated_at: at,
        amount_money: p.amount_money,
        total_money: p.amount_money,
        ...(ok ? { approved_money: p.amount_money } : {}),
        status: ok ? 'COMPLETED' : 'FAILED',
        source_type: 'CARD',
        card_details: {
          status: ok ? 'CAPTURED' : 'FAILED',
          card: source.card,
          entry_method: source.entryMethod,
          cvv_status: source.outcome === 'CVV' ? 'CVV_REJECTED' : 'CVV_ACCEPTED',
          avs_status: source.outcome === 'POSTAL' ? 'AVS_REJECTED' : 'AVS_ACCEPTED',
          statement_description: 'SQ *LOCAL SANDBOX',
        },
        location_id: app.config.SQUARE_LOCATION_ID ?? LOCAL_SQUARE.locationId,
        ...(p.customer_id ? { customer_id: p.customer_id } : {}),
        ...(p.reference_id ? { reference_id: p.reference_id } : {}),
        ...(p.note ? { note: p.note } : {}),
        receipt_number: id.slice(0, 4),
        application_details: { square_product: 'ECOMMERCE_API', application_id: LOCAL_SQUARE.applicationId },
        version_token: squareId(40),
      };
      await db.insert(sandboxPayments).values({ id, referenceId: p.reference_id ?? null, body: payment, createdAt: now() });
      if (source.outcome === 'OK') return { status: 200, body: { payment } };
      return { status: 400, body: { errors: [PAYMENT_ERRORS[source.outcome]], payment } };
    });
  }));

  app.get(route.getSquarePayment.path, hide, guarded(async (request) => {
    const { id } = request.params as { id: string };
    const [row] = await app.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
    return row ? { status: 200, body: { payment: row.body } } : notFound('Payment');
  }));

  app.post(route.refundSquarePayment.path, hide, guarded(async (request) => {
    const parsed = parseBody(refundBody, request.body);
    if (!parsed.ok) return parsed.answer;
    const r = parsed.value;
    const events: SandboxEvent[] = [];
    const answer = await idempotent(app.db, 'POST /v2/refunds', r.idempotency_key, request.body, (db) =>
      makeRefund(app, db, { paymentId: r.payment_id, amountMoney: r.amount_money, reason: r.reason }, events),
    );
    await sendEvents(app, events);
    return answer;
  }));

  app.get(route.getSquareRefund.path, hide, guarded(async (request) => {
    const { id } = request.params as { id: string };
    const [row] = await app.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, id));
    return row ? { status: 200, body: { refund: row.body } } : notFound('Refund');
  }));

  // Anything else under the sandbox answers as Square does for an unknown endpoint, never the web app's page.
  app.all(`${SQUARE_SANDBOX_BASE_PATH}/*`, hide, async (_request, reply) =>
    send(reply, errorAnswer(404, { category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'The requested resource was not found.' })),
  );
}
