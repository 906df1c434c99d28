import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidSquareApplicationId } from '@portal/contracts/billing';
import { LOCAL_SQUARE } from '../src/platform/square/local.ts';
import type { SquareGateway } from '../src/platform/square/gateway.ts';
import { createBillingApp, GOOD_CARD, newKey, nonceFor, tokenize } from './billing-helpers.ts';
import { createTestApp, signUp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let gateway: SquareGateway;
let customerId: string;
beforeAll(async () => {
  ({ ctx } = await createBillingApp());
  gateway = ctx.app.billing.gateway;
  customerId = await gateway.createCustomer({ idempotencyKey: newKey(), referenceId: 'ref', email: 'c@example.com', name: 'Casey Customer' });
});
afterAll(async () => ctx.close());

const base = LOCAL_SQUARE.basePath;
const bearer = { authorization: `Bearer ${LOCAL_SQUARE.accessToken}` };
const pay = (sourceId: string, extra: Partial<Parameters<SquareGateway['createPayment']>[0]> = {}) =>
  gateway.createPayment({ idempotencyKey: newKey(), sourceId, customerId: null, amountCents: 2500, referenceId: newKey().slice(0, 20), note: 'test', ...extra });

describe('local Square sandbox: access', () => {
  it('answers Square’s 401 without the bearer token, or with a wrong one', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }]) {
      const res = await ctx.app.inject({ method: 'POST', url: `${base}/v2/payments`, headers, payload: {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ errors: [{ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED', detail: 'This request could not be authorized.' }] });
    }
  });

  it('uses local credentials of Square’s formats', async () => {
    expect(isValidSquareApplicationId(LOCAL_SQUARE.applicationId)).toBe(true);
    expect(isValidSquareApplicationId('sq0idp-abc')).toBe(true);
    expect(isValidSquareApplicationId('sq0idb-abc')).toBe(false);
    expect(isValidSquareApplicationId('not-an-id')).toBe(false);
  });

  it('is not served when the server talks to Square itself', async () => {
    const square = await createTestApp({
      env: { SQUARE_ENVIRONMENT: 'sandbox', SQUARE_ACCESS_TOKEN: 'EAAA-test', SQUARE_APPLICATION_ID: 'sandbox-sq0idb-real', SQUARE_LOCATION_ID: 'L1' },
    });
    try {
      const res = await square.app.inject({ method: 'POST', url: `${base}/v2/payments`, headers: bearer, payload: {} });
      expect(res.statusCode).toBe(404);
      const user = await signUp(square.app);
      const config = await square.app.inject({ url: '/api/payments/config', headers: { cookie: user.cookie } });
      expect(config.json()).toEqual({
        environment: 'sandbox',
        applicationId: 'sandbox-sq0idb-real',
        locationId: 'L1',
        sdkUrl: 'https://sandbox.web.squarecdn.com/v1/square.js',
        tokenizeUrl: null,
      });
    } finally {
      await square.close();
    }
  });

  it('names a missing field as Square does', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `${base}/v2/payments`, headers: bearer, payload: { idempotency_key: 'k1', source_id: 'cnon:card-nonce-ok' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ category: 'INVALID_REQUEST_ERROR', code: 'MISSING_REQUIRED_PARAMETER', field: 'amount_money' });
  });
});

describe('local Square sandbox: tokenizer', () => {
  it.each([
    ['4111 1111 1111 1111', '111', 'VISA', '1111'],
    ['5105 1051 0510 5100', '111', 'MASTERCARD', '5100'],
    ['6011 0000 0000 0004', '111', 'DISCOVER', '0004'],
    ['3400 000000 00009', '1111', 'AMERICAN_EXPRESS', '0009'],
  ])('tokenizes the test card %s into a cnon: token', async (number, cvv, brand, last4) => {
    const res = await tokenize(ctx, { number, cvv });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toMatch(/^cnon:/);
    expect(res.json().details.card).toEqual({ brand, last4, expMonth: 12, expYear: 2030 });
  });

  it('refuses real card numbers, past expiry, a wrong CVV length and a bad postal code, per field', async () => {
    const res = await tokenize(ctx, { number: '4242 4242 4242 4242', expMonth: 1, expYear: 2020, cvv: '12', postalCode: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['cardNumber', 'expirationDate', 'cvv', 'postalCode']);
    const amex = await tokenize(ctx, { number: '340000000000009', cvv: '111' });
    expect(amex.json().errors).toEqual([{ type: 'VALIDATION_ERROR', field: 'cvv', message: 'CVV must be 4 digits.' }]);
  });

  it('refuses another application id', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `${base}/v2/card-nonce`, payload: { applicationId: 'sandbox-sq0idb-other', card: GOOD_CARD } });
    expect(res.statusCode).toBe(401);
  });
});

describe('gateway against the sandbox: cards', () => {
  it.each([
    ['4111111111111111', '111', 'VISA', '1111'],
    ['5105105105105100', '111', 'MASTERCARD', '5100'],
    ['6011000000000004', '111', 'DISCOVER', '0004'],
    ['340000000000009', '1111', 'AMERICAN_EXPRESS', '0009'],
  ])('saves %s on file', async (number, cvv, brand, last4) => {
    const result = await gateway.createCard({ idempotencyKey: newKey(), sourceId: await nonceFor(ctx, { number, cvv }), customerId, referenceId: 'r' });
    expect(result).toEqual({ ok: true, card: { id: expect.stringMatching(/^ccof:/), brand, last4, expMonth: 12, expYear: 2030 } });
  });

  it.each([
    [{ number: '4000 0000 0000 0002' }, 'CARD_DECLINED', 'Your card was declined. Please try another card.'],
    [{ cvv: '911' }, 'VERIFY_CVV_FAILURE', "The card's security code (CVV) was not accepted. Please check it and try again."],
    [{ postalCode: '99999' }, 'VERIFY_AVS_FAILURE', "The card's postal code was not accepted. Please check it and try again."],
    [{ expMonth: 1, expYear: 2040 }, 'BAD_EXPIRATION', "The card's expiration date was not accepted. Please check it and try again."],
  ])('refuses to save %o with %s', async (card, code, reason) => {
    const result = await gateway.createCard({ idempotencyKey: newKey(), sourceId: await nonceFor(ctx, card), customerId, referenceId: 'r' });
    expect(result).toEqual({ ok: false, code, reason });
  });

  it('accepts a token once, and disables a card so that it can no longer be charged', async () => {
    const nonce = await nonceFor(ctx);
    const first = await gateway.createCard({ idempotencyKey: newKey(), sourceId: nonce, customerId, referenceId: 'r' });
    const again = await gateway.createCard({ idempotencyKey: newKey(), sourceId: nonce, customerId, referenceId: 'r' });
    expect(again).toMatchObject({ ok: false, code: 'CARD_TOKEN_USED' });
    if (!first.ok) throw new Error('card not saved');
    expect(await pay(first.card.id, { customerId })).toMatchObject({ ok: true });
    await gateway.disableCard(first.card.id);
    await gateway.disableCard(first.card.id); // twice is allowed, as at Square
    const card = await ctx.app.inject({ url: `${base}/v2/cards/${encodeURIComponent(first.card.id)}`, headers: bearer });
    expect(card.json().card.enabled).toBe(false);
    expect(await pay(first.card.id, { customerId })).toMatchObject({ ok: false, code: 'INVALID_CARD' });
  });

  it('charges a card on file only for its own customer', async () => {
    const saved = await gateway.createCard({ idempotencyKey: newKey(), sourceId: 'cnon:card-nonce-ok', customerId, referenceId: 'r' });
    if (!saved.ok) throw new Error('card not saved');
    const other = await gateway.createCustomer({ idempotencyKey: newKey(), referenceId: 'o', email: 'o@example.com', name: 'Other' });
    expect(await pay(saved.card.id, { customerId: other })).toMatchObject({ ok: false, code: 'CARD_MISMATCH' });
  });
});

describe('gateway against the sandbox: payments', () => {
  it.each([
    ['cnon:card-nonce-declined', 'GENERIC_DECLINE'],
    ['cnon:card-nonce-rejected-cvv', 'CVV_FAILURE'],
    ['cnon:card-nonce-rejected-postalcode', 'ADDRESS_VERIFICATION_FAILURE'],
    ['cnon:card-nonce-rejected-expiration', 'INVALID_EXPIRATION'],
    ['cnon:card-nonce-already-used', 'CARD_TOKEN_USED'],
  ])('the test token %s fails with %s', async (nonce, code) => {
    const result = await pay(nonce);
    expect(result).toMatchObject({ ok: false, code });
  });

  it('the test token cnon:card-nonce-ok pays, and the payment can be read back', async () => {
    const result = await pay('cnon:card-nonce-ok', { amountCents: 4321, referenceId: 'read-back' });
    if (!result.ok) throw new Error('payment failed');
    expect(await gateway.getPayment(result.squarePaymentId)).toEqual({ id: result.squarePaymentId, status: 'COMPLETED', amountCents: 4321, referenceId: 'read-back' });
  });

  it.each([
    [{ number: '4000 0000 0000 0002' }, 'GENERIC_DECLINE'],
    [{ cvv: '911' }, 'CVV_FAILURE'],
    [{ postalCode: '99999' }, 'ADDRESS_VERIFICATION_FAILURE'],
    [{ expMonth: 1, expYear: 2040 }, 'INVALID_EXPIRATION'],
  ])('a card tokenized with %o fails with %s, and the failed payment is kept', async (card, code) => {
    const result = await pay(await nonceFor(ctx, card));
    expect(result).toMatchObject({ ok: false, code, squarePaymentId: expect.any(String) });
    if (result.ok || !result.squarePaymentId) throw new Error('expected a failed payment');
    expect((await gateway.getPayment(result.squarePaymentId)).status).toBe('FAILED');
  });

  it('honours idempotency: the same key and body answer the first payment; another body is refused', async () => {
    const body = (amount: number) => ({
      idempotency_key: 'same-key-1',
      source_id: 'cnon:card-nonce-ok',
      amount_money: { amount, currency: 'USD' },
    });
    const first = await ctx.app.inject({ method: 'POST', url: `${base}/v2/payments`, headers: bearer, payload: body(1000) });
    const again = await ctx.app.inject({ method: 'POST', url: `${base}/v2/payments`, headers: bearer, payload: { ...body(1000) } });
    expect(first.statusCode).toBe(200);
    expect(again.json().payment.id).toBe(first.json().payment.id);
    const other = await ctx.app.inject({ method: 'POST', url: `${base}/v2/payments`, headers: bearer, payload: body(2000) });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0]).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const stored = await ctx.database.sql.query(`SELECT id FROM square_sandbox_payments WHERE id = $1`, [first.json().payment.id]);
    expect(stored).toHaveLength(1);
  });

  it('replays a decline for the same key instead of charging again', async () => {
    const key = newKey();
    const a = await pay('cnon:card-nonce-declined', { idempotencyKey: key, referenceId: 'decl' });
    const b = await pay('cnon:card-nonce-declined', { idempotencyKey: key, referenceId: 'decl' });
    expect(a).toEqual(b);
  });

  it('a tokenized card is spent by its first payment', async () => {
    const nonce = await nonceFor(ctx);
    expect(await pay(nonce)).toMatchObject({ ok: true });
    expect(await pay(nonce)).toMatchObject({ ok: false, code: 'CARD_TOKEN_USED' });
  });
});
