import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SQUARE } from '../src/platform/square/local.ts';
import { as, createBillingApp, newKey, nonceFor, pdfText, subscribedUser } from './billing-helpers.ts';
import { signUp, type TestContext, type TestUser } from './helpers.ts';
import { signUpStaff } from './staff-helpers.ts';

let ctx: TestContext;
let staff: TestUser;
beforeAll(async () => {
  ({ ctx } = await createBillingApp());
  staff = await signUpStaff(ctx);
});
afterAll(async () => ctx.close());

const refund = (user: TestUser, paymentId: string, body: { amount: number; reason: string; idempotencyKey?: string }) =>
  as(ctx, user, 'POST', `/api/staff/payments/${paymentId}/refunds`, { idempotencyKey: newKey(), ...body });
const sandboxRefunds = async (paymentId: string) =>
  (await ctx.database.sql.query(`SELECT r.id FROM square_sandbox_refunds r JOIN payments p ON p.square_payment_id = r.payment_id WHERE p.id = $1`, [paymentId])).length;

describe('staff refunds', () => {
  it('refunds part, then the rest; the customer sees Partially refunded, then Refunded, in history and on the receipt', async () => {
    const { user, payment } = await subscribedUser(ctx);
    const partial = await refund(staff, payment.id, { amount: 1000, reason: 'Setup took longer than promised' });
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({
      refund: { amount: 1000, reason: 'Setup took longer than promised', status: 'Complete', failureReason: null },
      payment: { id: payment.id, refunded: 1000, refundStatus: 'Partially refunded' },
    });
    expect((await as(ctx, user, 'GET', `/api/payments/${payment.id}`)).json()).toMatchObject({ refunded: 1000, refundStatus: 'Partially refunded' });
    const text = pdfText((await as(ctx, user, 'GET', `/api/payments/${payment.id}/receipt`)).rawPayload);
    expect(text).toContain('Partially refunded');
    expect(text).toContain('Setup took longer than promised');
    expect(text).toContain('-$10.00');
    expect(text).toContain('$39.99'); // net paid

    const tooMuch = await refund(staff, payment.id, { amount: 4000, reason: 'More' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toEqual({ code: 'REFUND_TOO_LARGE', message: 'A refund cannot be more than what is left of the payment ($39.99).' });
    expect(await sandboxRefunds(payment.id)).toBe(1);

    const rest = await refund(staff, payment.id, { amount: 3999, reason: 'Cancelled in the first week' });
    expect(rest.json().payment).toMatchObject({ refunded: 4999, refundStatus: 'Refunded' });
    const history = (await as(ctx, user, 'GET', '/api/payments')).json().payments;
    expect(history.find((p: { id: string }) => p.id === payment.id)).toMatchObject({ refundStatus: 'Refunded', status: 'Complete' });
    expect(pdfText((await as(ctx, user, 'GET', `/api/payments/${payment.id}/receipt`)).rawPayload)).toContain('Refunded');
  });

  it('the same request sent 10 times at once refunds once', async () => {
    const { payment } = await subscribedUser(ctx);
    const idempotencyKey = newKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(staff, payment.id, { amount: 500, reason: 'Goodwill', idempotencyKey })));
    const ids = new Set(answers.map((r) => r.json().refund.id));
    expect(ids.size).toBe(1);
    expect(await sandboxRefunds(payment.id)).toBe(1);
    expect((await refund(staff, payment.id, { amount: 500, reason: 'Goodwill', idempotencyKey })).json().payment.refunded).toBe(500);
  });

  it('is for staff only, for completed payments only, and checks its input', async () => {
    const { user, payment } = await subscribedUser(ctx);
    expect((await refund(user, payment.id, { amount: 100, reason: 'Mine' })).statusCode).toBe(403);
    expect((await refund(staff, 'missing', { amount: 100, reason: 'x' })).statusCode).toBe(404);
    expect((await refund(staff, payment.id, { amount: 0, reason: 'x' })).json().error.code).toBe('VALIDATION_ERROR');
    expect((await refund(staff, payment.id, { amount: 100, reason: '  ' })).json().error.code).toBe('VALIDATION_ERROR');
    const other = await signUp(ctx.app);
    await ctx.database.sql.query(
      `INSERT INTO payments (id, user_id, idempotency_key, request_hash, status, purchase_type, service_id, service_title, price, recurring, subtotal, amount, created_at, updated_at)
       VALUES ('failed-' || $1, $1, 'failed-' || $1, 'x', 'Failed', 'New Subscription', 's', 'S', '1', 'month', 1, 1, now(), now())`,
      [other.id],
    );
    expect((await refund(staff, `failed-${other.id}`, { amount: 1, reason: 'x' })).json().error.code).toBe('NOT_REFUNDABLE');
  });
});

describe('local Square sandbox: refunds and unknown requests', () => {
  const base = LOCAL_SQUARE.basePath;
  const bearer = { authorization: `Bearer ${LOCAL_SQUARE.accessToken}` };
  const spec = JSON.parse(readFileSync(new URL('./fixtures/square-openapi-subset.json', import.meta.url), 'utf8'));
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addSchema(spec);
  const expectValid = (definition: string, body: unknown) => {
    const validate = ajv.getSchema(`square-openapi-subset#/definitions/${definition}`)!;
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  };
  const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url: `${base}${url}`, headers: bearer, payload: payload as object });

  it('answers POST /v2/refunds and GET /v2/refunds/:id in Square’s shapes, idempotently, and refuses refunding more than paid', async () => {
    const customer = (await post('/v2/customers', { idempotency_key: newKey(), given_name: 'Casey', email_address: 'c@example.com' })).json();
    expectValid('CreateCustomerResponse', customer);
    const card = (await post('/v2/cards', { idempotency_key: newKey(), source_id: await nonceFor(ctx), card: { customer_id: customer.customer.id } })).json();
    expectValid('CreateCardResponse', card);
    const paid = (await post('/v2/payments', { idempotency_key: newKey(), source_id: card.card.id, customer_id: customer.customer.id, amount_money: { amount: 2500, currency: 'USD' } })).json();
    expectValid('CreatePaymentResponse', paid);
    const paymentId = paid.payment.id as string;

    const body = { idempotency_key: newKey(), payment_id: paymentId, amount_money: { amount: 1000, currency: 'USD' }, reason: 'Partial' };
    const first = await post('/v2/refunds', body);
    expect(first.statusCode).toBe(200);
    expectValid('RefundPaymentResponse', first.json());
    expect(first.json().refund).toMatchObject({ status: 'COMPLETED', payment_id: paymentId, amount_money: { amount: 1000, currency: 'USD' }, reason: 'Partial' });
    expect((await post('/v2/refunds', body)).json()).toEqual(first.json());
    const reused = await post('/v2/refunds', { ...body, reason: 'Other' });
    expect(reused.json().errors[0].code).toBe('IDEMPOTENCY_KEY_REUSED');

    const tooMuch = await post('/v2/refunds', { ...body, idempotency_key: newKey(), amount_money: { amount: 1501, currency: 'USD' } });
    expect(tooMuch.statusCode).toBe(400);
    expectValid('ErrorResponse', tooMuch.json());
    expect(tooMuch.json().errors[0].code).toBe('REFUND_AMOUNT_INVALID');

    const got = await ctx.app.inject({ url: `${base}/v2/refunds/${first.json().refund.id}`, headers: bearer });
    expectValid('GetPaymentRefundResponse', got.json());
    const payment = (await ctx.app.inject({ url: `${base}/v2/payments/${paymentId}`, headers: bearer })).json();
    expectValid('GetPaymentResponse', payment);
    expect(payment.payment).toMatchObject({ refunded_money: { amount: 1000, currency: 'USD' }, refund_ids: [first.json().refund.id] });
    const missing = await post('/v2/refunds', { ...body, idempotency_key: newKey(), payment_id: 'nope' });
    expect(missing.statusCode).toBe(404);
    expectValid('ErrorResponse', missing.json());
  });

  it('answers unknown paths with Square’s 404 errors[] (never the web app) and malformed JSON with Square’s error shape', async () => {
    for (const [method, url] of [
      ['GET', '/v2/locations'],
      ['GET', '/v2/payments/x/y'],
      ['POST', '/v2/orders'],
      ['DELETE', '/v2/cards/x'],
    ] as const) {
      const res = await ctx.app.inject({ method, url: `${base}${url}`, headers: bearer });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectValid('ErrorResponse', res.json());
      expect(res.json().errors[0]).toMatchObject({ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND' });
    }
    const malformed = await ctx.app.inject({ method: 'POST', url: `${base}/v2/payments`, headers: { ...bearer, 'content-type': 'application/json' }, payload: '{"amount_money": ' });
    expect(malformed.statusCode).toBe(400);
    expectValid('ErrorResponse', malformed.json());
    expect(malformed.json().errors[0]).toMatchObject({ category: 'INVALID_REQUEST_ERROR', code: 'BAD_REQUEST' });
  });
});

describe('cancellation reasons', () => {
  it('are asked at cancellation, stored, and shown to staff with the customer’s payments and refunds', async () => {
    const { user, subscriptionId, payment } = await subscribedUser(ctx);
    const noComment = await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/cancel`, { reason: 'other' });
    expect(noComment.statusCode).toBe(400);
    expect((await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/cancel`, { reason: 'cheaper' })).statusCode).toBe(400);
    const cancelled = await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/cancel`, { reason: 'switched_service', comment: ' Moved to a competitor ' });
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', cancellation: { reason: 'switched_service', comment: 'Moved to a competitor' } });
    await refund(staff, payment.id, { amount: 100, reason: 'Sorry to see you go' });

    expect((await as(ctx, user, 'GET', `/api/staff/customers/${user.id}/subscriptions`)).statusCode).toBe(403);
    const section = async (name: string) => (await as(ctx, staff, 'GET', `/api/staff/customers/${user.id}/${name}`)).json();
    const seen = { ...(await section('subscriptions')), ...(await section('payments')) };
    expect(seen.subscriptions).toEqual([expect.objectContaining({ id: subscriptionId, cancellation: { reason: 'switched_service', comment: 'Moved to a competitor' } })]);
    expect(seen.payments).toEqual([expect.objectContaining({ id: payment.id, refunded: 100, refundStatus: 'Partially refunded' })]);

    // Reactivated, the reason is gone; a cancellation without a body (older clients) still works.
    await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/reactivate`);
    const again = await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/cancel`);
    expect(again.json()).toMatchObject({ status: 'CANCELLED', cancellation: { reason: null, comment: null } });
  });
});
