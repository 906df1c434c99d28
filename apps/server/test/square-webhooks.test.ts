import { randomUUID } from 'node:crypto';
import { serialization, WebhooksHelper } from 'square';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { LEASE_MS } from '../src/modules/billing/cards-repository.ts';
import { LOCAL_SQUARE } from '../src/platform/square/local.ts';
import { squareSignature } from '../src/platform/square/webhook-signature.ts';
import { as, createBillingApp, insertPlan, newKey, sandboxCharges, subscribedUser, type ManualClock } from './billing-helpers.ts';
import { REAL_SQUARE, REQUIRED_IN_PRODUCTION, TEST_PUBLIC_URL, type TestContext, type TestUser } from './helpers.ts';
import { signUpStaff } from './staff-helpers.ts';

let ctx: TestContext;
let time: ManualClock;
let staff: TestUser;
beforeAll(async () => {
  ({ ctx, time } = await createBillingApp());
  staff = await signUpStaff(ctx);
});
afterAll(async () => ctx.close());

const NOTIFICATION_URL = `${TEST_PUBLIC_URL}/api/webhooks/square`;
const KEY = LOCAL_SQUARE.webhookSignatureKey;
const SANDBOX_TOKEN = `Bearer ${LOCAL_SQUARE.accessToken}`;

/** Posts a body to the webhook as Square would: signed unless `signature` says otherwise (null: no header). */
function deliver(body: string, signature?: string | null, contentType = 'application/json') {
  const header = signature === null ? {} : { 'x-square-hmacsha256-signature': signature ?? squareSignature(KEY, NOTIFICATION_URL, body) };
  return ctx.app.inject({ method: 'POST', url: '/api/webhooks/square', headers: { 'content-type': contentType, ...header }, payload: body });
}

const event = (type: string, objectType: string, id: string, object: unknown, eventId: string = randomUUID()) =>
  JSON.stringify({ merchant_id: LOCAL_SQUARE.merchantId, type, event_id: eventId, created_at: '2026-03-10T12:00:00Z', data: { type: objectType, id, object } });
const refundEvent = (type: string, refund: { id: string; status: string; payment_id: string; amount: number; reason?: string }, eventId?: string) =>
  event(type, 'refund', refund.id, { refund: { ...refund, amount: undefined, amount_money: { amount: refund.amount, currency: 'USD' } } }, eventId);

const squarePaymentIdOf = async (paymentId: string) =>
  (await ctx.database.sql.query<{ square_payment_id: string }>(`SELECT square_payment_id FROM payments WHERE id = $1`, [paymentId]))[0]!.square_payment_id;
const refundRows = async (paymentId: string) =>
  ctx.database.sql.query<{ amount: number; origin: string; status: string; reason: string; square_refund_id: string | null }>(
    `SELECT amount, origin, status, reason, square_refund_id FROM refunds WHERE payment_id = $1 ORDER BY created_at, id`,
    [paymentId],
  );
const paymentAs = async (user: TestUser, id: string) => (await as(ctx, user, 'GET', `/api/payments/${id}`)).json();
const sandbox = (path: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/square-sandbox${path}`, headers: { authorization: SANDBOX_TOKEN }, payload });
const overview = async () => (await as(ctx, staff, 'GET', '/api/staff/overview')).json();

describe("Square's webhook signature", () => {
  it('accepts a body signed over the notification URL and the body, as Square signs (the SDK agrees)', async () => {
    const body = event('customer.created', 'customer', 'C1', { customer: { id: 'C1' } });
    const signature = squareSignature(KEY, NOTIFICATION_URL, body);
    expect(await WebhooksHelper.verifySignature({ requestBody: body, signatureHeader: signature, signatureKey: KEY, notificationUrl: NOTIFICATION_URL })).toBe(true);
    const res = await deliver(body, signature);
    expect([res.statusCode, res.json()]).toEqual([200, { outcome: 'ignored' }]);
    // With a charset named, the same bytes are read.
    const again = await deliver(event('customer.created', 'customer', 'C1b', { customer: { id: 'C1b' } }), undefined, 'application/json; charset=utf-8');
    expect([again.statusCode, again.json()]).toEqual([200, { outcome: 'ignored' }]);
  });

  it('refuses a wrong or missing signature with 401, before the body is read', async () => {
    const body = event('customer.created', 'customer', 'C2', { customer: { id: 'C2' } });
    const cases = [
      ['missing', null],
      ['empty', ''],
      ['another key', squareSignature('another-key', NOTIFICATION_URL, body)],
      ['another URL', squareSignature(KEY, 'https://elsewhere.example.com/api/webhooks/square', body)],
      ['another body', squareSignature(KEY, NOTIFICATION_URL, `${body} `)],
      ['not base64', 'x'.repeat(44)],
    ] as const;
    for (const [name, signature] of cases) {
      const res = await deliver(body, signature);
      expect(res.statusCode, name).toBe(401);
      expect(res.json().error.code, name).toBe('INVALID_WEBHOOK_SIGNATURE');
    }
    // Unsigned garbage is refused for its signature, never read.
    expect((await deliver('{not json', null)).statusCode).toBe(401);
    // None of them was recorded: the same event, signed, is still new.
    expect((await ctx.database.sql.query(`SELECT 1 FROM square_webhook_events WHERE event_id = $1`, [JSON.parse(body).event_id])).length).toBe(0);
    expect((await deliver(body)).json()).toEqual({ outcome: 'ignored' });
  });

  it('answers 400 to a signed body that is not an event, and 4xx (never 5xx) to odd bodies', async () => {
    const bad = [
      '',
      '{not json',
      '[]',
      'null',
      '{}',
      JSON.stringify({ event_id: 'e1' }),
      JSON.stringify({ event_id: '', type: 'refund.created' }),
      JSON.stringify({ event_id: 'e2', type: 'refund.created', data: { object: { refund: { id: 'r' } } } }),
      JSON.stringify({ event_id: 'e3', type: 'dispute.created', data: { object: { object: { state: 'NOT_A_STATE' } } } }),
      JSON.stringify({ event_id: 'e4', type: 'payment.updated', data: 'x' }),
      JSON.stringify({ event_id: 'e5', type: 'refund.created', data: { object: { refund: { id: 'r', status: 'COMPLETED', payment_id: 'p', amount_money: { amount: -5 } } } } }),
      JSON.stringify({ event_id: 'nul\u0000inside', type: 'x' }),
      '['.repeat(5000) + ']'.repeat(5000),
      JSON.stringify({ event_id: 'e6', type: 'x', data: JSON.parse('['.repeat(100) + ']'.repeat(100)) }),
    ];
    const { payment } = await subscribedUser(ctx);
    const squarePaymentId = await squarePaymentIdOf(payment.id);
    bad.push(refundEvent('refund.created', { id: 'too-much', status: 'COMPLETED', payment_id: squarePaymentId, amount: 2 ** 40 }));
    for (const body of bad) {
      const res = await deliver(body);
      expect(res.statusCode, body.slice(0, 80)).toBe(400);
    }
    const odd = await deliver(event('payment.updated', 'payment', 'p', { payment: { id: 'p', status: 'COMPLETED' } }), undefined, 'text/plain');
    expect(odd.statusCode).toBeGreaterThanOrEqual(400);
    expect(odd.statusCode).toBeLessThan(500);
    // A bounded fuzz of signed bodies: each is refused with a 4xx or answered 200, never a 5xx.
    const pieces = [null, 0, -1, 1.5, 'x', '', [], {}, true, 'COMPLETED', 'EVIDENCE_REQUIRED', { amount: 1 }, 'A'.repeat(300)];
    const pick = (i: number) => pieces[(i * 7 + 3) % pieces.length];
    for (let i = 0; i < 60; i += 1) {
      const type = ['payment.updated', 'refund.created', 'refund.updated', 'dispute.created', 'dispute.state.updated', 'other'][i % 6]!;
      const body = JSON.stringify({
        event_id: `fuzz-${i}`,
        type,
        data: { object: { payment: { id: pick(i), status: pick(i + 1), reference_id: pick(i + 2) }, refund: { id: pick(i + 3), status: pick(i + 4), payment_id: pick(i + 5), amount_money: pick(i + 6) }, object: { id: pick(i + 1), state: pick(i + 2), disputed_payment: { payment_id: pick(i) }, version: pick(i + 3) } } },
      });
      const res = await deliver(body);
      expect(res.statusCode, body).toBeLessThan(500);
    }
  });

  it('records an event type the portal does not handle, answers 200, and ignores it', async () => {
    const eventId = randomUUID();
    const res = await deliver(event('invoice.payment_made', 'invoice', 'I1', { invoice: { id: 'I1' } }, eventId));
    expect([res.statusCode, res.json()]).toEqual([200, { outcome: 'ignored' }]);
    const [row] = await ctx.database.sql.query<{ type: string; outcome: string }>(`SELECT type, outcome FROM square_webhook_events WHERE event_id = $1`, [eventId]);
    expect(row).toEqual({ type: 'invoice.payment_made', outcome: 'ignored' });
    expect((await deliver(event('invoice.payment_made', 'invoice', 'I1', { invoice: { id: 'I1' } }, eventId))).json()).toEqual({ outcome: 'duplicate' });
  });

  it('is required in production: the signature key and the notification URL', () => {
    const { SQUARE_WEBHOOK_SIGNATURE_KEY: _key, SQUARE_WEBHOOK_URL: _url, ...withoutWebhook } = REAL_SQUARE;
    expect(() => loadConfig({ ...REQUIRED_IN_PRODUCTION, ...withoutWebhook, DATA_DIR: '/tmp/portal-production-settings' })).toThrow(
      /SQUARE_WEBHOOK_SIGNATURE_KEY and SQUARE_WEBHOOK_URL: required in production/,
    );
    expect(() => loadConfig({ ...REQUIRED_IN_PRODUCTION, ...REAL_SQUARE, DATA_DIR: '/tmp/portal-production-settings' })).not.toThrow();
  });
});

describe('refunds from Square', () => {
  it("a refund made in Square's Dashboard shows in the customer's history with its amount; a replay changes nothing", async () => {
    const { user, payment } = await subscribedUser(ctx);
    const squarePaymentId = await squarePaymentIdOf(payment.id);
    const refund = { id: `${squarePaymentId}_dash1`, status: 'COMPLETED', payment_id: squarePaymentId, amount: 1500, reason: 'Sorry for the wait' };
    const body = refundEvent('refund.created', refund);
    expect((await deliver(body)).json()).toEqual({ outcome: 'applied' });
    expect(await paymentAs(user, payment.id)).toMatchObject({ refunded: 1500, refundStatus: 'Partially refunded' });
    expect(await refundRows(payment.id)).toEqual([{ amount: 1500, origin: 'square', status: 'Complete', reason: 'Sorry for the wait', square_refund_id: refund.id }]);

    // The same event again (Square retries), and the refund's later event with the same status: nothing changes.
    expect((await deliver(body)).json()).toEqual({ outcome: 'duplicate' });
    expect((await deliver(refundEvent('refund.updated', refund))).json()).toEqual({ outcome: 'ignored' });
    // An older PENDING arriving late does not undo COMPLETED.
    expect((await deliver(refundEvent('refund.created', { ...refund, status: 'PENDING' }))).json()).toEqual({ outcome: 'ignored' });
    expect(await paymentAs(user, payment.id)).toMatchObject({ refunded: 1500 });
    expect((await refundRows(payment.id)).length).toBe(1);

    // A refund Square reports FAILED afterwards no longer counts.
    expect((await deliver(refundEvent('refund.updated', { ...refund, status: 'FAILED' }))).json()).toEqual({ outcome: 'applied' });
    expect(await paymentAs(user, payment.id)).toMatchObject({ refunded: 0, refundStatus: null });
  });

  it('50 concurrent deliveries of one event make one refund', async () => {
    const { user, payment } = await subscribedUser(ctx);
    const squarePaymentId = await squarePaymentIdOf(payment.id);
    const body = refundEvent('refund.created', { id: `${squarePaymentId}_burst`, status: 'COMPLETED', payment_id: squarePaymentId, amount: 700 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(body)));
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const outcomes = answers.map((res) => res.json().outcome as string);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(49);
    expect(await refundRows(payment.id)).toHaveLength(1);
    expect(await paymentAs(user, payment.id)).toMatchObject({ refunded: 700 });
  });

  it("a refund the portal made is matched by Square's refund id: its events count it once, whichever comes first", async () => {
    const { user, payment } = await subscribedUser(ctx);
    // The local sandbox tells the portal of the refund before answering the Refunds API call (the webhook first).
    const made = await as(ctx, staff, 'POST', `/api/staff/payments/${payment.id}/refunds`, { amount: 1000, reason: 'Goodwill', idempotencyKey: newKey() });
    expect(made.statusCode).toBe(200);
    const rows = await refundRows(payment.id);
    expect(rows).toEqual([{ amount: 1000, origin: 'portal', status: 'Complete', reason: 'Goodwill', square_refund_id: expect.any(String) }]);
    // Square's later event about the same refund (here, after the portal recorded it) changes nothing.
    const squarePaymentId = await squarePaymentIdOf(payment.id);
    const later = refundEvent('refund.updated', { id: rows[0]!.square_refund_id!, status: 'COMPLETED', payment_id: squarePaymentId, amount: 1000 });
    expect((await deliver(later)).json()).toEqual({ outcome: 'ignored' });
    expect(await refundRows(payment.id)).toHaveLength(1);
    expect(await paymentAs(user, payment.id)).toMatchObject({ refunded: 1000, refundStatus: 'Partially refunded' });
  });

  it("the sandbox's Dashboard refund sends its signed events to the portal, which shows the refund", async () => {
    const { user, payment } = await subscribedUser(ctx);
    const res = await sandbox('/dashboard/refunds', { reference_id: payment.id, amount_money: { amount: 2000, currency: 'USD' } });
    expect(res.statusCode).toBe(200);
    expect(await paymentAs(user, payment.id)).toMatchObject({ refunded: 2000, refundStatus: 'Partially refunded' });
    expect(await refundRows(payment.id)).toEqual([expect.objectContaining({ amount: 2000, origin: 'square', reason: 'Refunded at Square' })]);
    const events = await ctx.database.sql.query<{ type: string; outcome: string }>(
      `SELECT type, outcome FROM square_webhook_events WHERE payment_id = $1 ORDER BY type`,
      [payment.id],
    );
    expect(events).toEqual([
      { type: 'payment.updated', outcome: 'ignored' },
      { type: 'refund.created', outcome: 'applied' },
    ]);
    // The rest, and then nothing is left to refund, at Square as in the portal.
    expect((await sandbox('/dashboard/refunds', { reference_id: payment.id })).statusCode).toBe(200);
    expect(await paymentAs(user, payment.id)).toMatchObject({ refunded: payment.amount, refundStatus: 'Refunded' });
    expect((await sandbox('/dashboard/refunds', { reference_id: payment.id })).json().errors[0].code).toBe('REFUND_AMOUNT_INVALID');
    expect((await ctx.app.inject({ method: 'POST', url: '/square-sandbox/dashboard/refunds', payload: { reference_id: payment.id } })).statusCode).toBe(401);
  });
});

describe('disputes from Square', () => {
  it('a dispute marks the payment Disputed, e-mails staff, and shows on the overview until it is decided', async () => {
    const before = (await overview()).openDisputes as number;
    const { user, payment } = await subscribedUser(ctx);
    const opened = await sandbox('/dashboard/disputes', { reference_id: payment.id, reason: 'NOT_RECEIVED' });
    expect(opened.statusCode).toBe(200);
    const dispute = opened.json().dispute as { id: string; due_at: string };
    expect(await paymentAs(user, payment.id)).toMatchObject({
      status: 'Complete',
      dispute: { id: dispute.id, state: 'EVIDENCE_REQUIRED', reason: 'NOT_RECEIVED', amount: payment.amount, dueAt: Date.parse(dispute.due_at) },
    });
    const mails = await ctx.database.sql.query<{ to_address: string; subject: string }>(`SELECT to_address, subject FROM mail_outbox WHERE kind = 'dispute-alert' AND html LIKE $1`, [`%${dispute.id}%`]);
    expect(mails.map((m) => m.to_address)).toContain(staff.email);
    expect(mails[0]!.subject).toContain('Disputed');
    const open = await overview();
    expect(open.openDisputes).toBe(before + 1);
    expect(open.disputes[0]).toMatchObject({ disputeId: dispute.id, paymentId: payment.id, userId: user.id, amount: payment.amount, state: 'EVIDENCE_REQUIRED' });
    const customer = (await as(ctx, staff, 'GET', `/api/staff/customers/${user.id}/payments`)).json();
    expect(customer.payments.find((p: { id: string }) => p.id === payment.id).dispute).toMatchObject({ state: 'EVIDENCE_REQUIRED' });

    // The bank decides: no longer open. A late event of an older version changes nothing.
    expect((await sandbox(`/dashboard/disputes/${dispute.id}/state`, { state: 'PROCESSING' })).statusCode).toBe(200);
    expect((await sandbox(`/dashboard/disputes/${dispute.id}/state`, { state: 'WON' })).statusCode).toBe(200);
    expect((await paymentAs(user, payment.id)).dispute).toMatchObject({ state: 'WON', dueAt: null });
    expect((await overview()).openDisputes).toBe(before);
    const squarePaymentId = await squarePaymentIdOf(payment.id);
    const stale = event('dispute.state.updated', 'dispute', dispute.id, {
      object: { id: dispute.id, state: 'EVIDENCE_REQUIRED', reason: 'NOT_RECEIVED', amount_money: { amount: payment.amount, currency: 'USD' }, disputed_payment: { payment_id: squarePaymentId }, version: 2 },
    });
    expect((await deliver(stale)).json()).toEqual({ outcome: 'ignored' });
    expect((await paymentAs(user, payment.id)).dispute.state).toBe('WON');
    // One alert per dispute, not per event.
    expect((await ctx.database.sql.query(`SELECT 1 FROM mail_outbox WHERE kind = 'dispute-alert' AND html LIKE $1`, [`%${dispute.id}%`])).length).toBe(mails.length);
  });

  it('a replayed dispute.created changes nothing, and one about a payment that is not ours is ignored', async () => {
    const { user, payment } = await subscribedUser(ctx);
    const squarePaymentId = await squarePaymentIdOf(payment.id);
    const body = event('dispute.created', 'dispute', 'DSP-replay', {
      object: { id: 'DSP-replay', state: 'INQUIRY_EVIDENCE_REQUIRED', reason: 'DUPLICATE', amount_money: { amount: 500, currency: 'USD' }, disputed_payment: { payment_id: squarePaymentId }, version: 1 },
    });
    expect((await deliver(body)).json()).toEqual({ outcome: 'applied' });
    const alerts = async () => (await ctx.database.sql.query(`SELECT 1 FROM mail_outbox WHERE kind = 'dispute-alert' AND html LIKE '%DSP-replay%'`)).length;
    const sent = await alerts();
    expect((await deliver(body)).json()).toEqual({ outcome: 'duplicate' });
    expect(await alerts()).toBe(sent);
    expect((await paymentAs(user, payment.id)).dispute).toMatchObject({ id: 'DSP-replay', amount: 500, state: 'INQUIRY_EVIDENCE_REQUIRED' });
    const stranger = event('dispute.created', 'dispute', 'DSP-other', {
      object: { id: 'DSP-other', state: 'EVIDENCE_REQUIRED', disputed_payment: { payment_id: 'a-point-of-sale-payment' } },
    });
    expect((await deliver(stranger)).json()).toEqual({ outcome: 'ignored' });
  });
});

describe('payment.updated', () => {
  it('settles at once a payment left Pending after Square charged it, with its one charge', async () => {
    const { user, card } = await subscribedUser(ctx);
    const plan = await insertPlan(ctx);
    ctx.app.billing.faults.afterCharge = () => {
      throw new Error('process stopped after the charge');
    };
    let paymentId: string;
    try {
      paymentId = (await as(ctx, user, 'POST', '/api/checkout', { planId: plan.id, cardId: card.id, idempotencyKey: newKey() })).json().id;
      await ctx.app.billing.settle();
    } finally {
      ctx.app.billing.faults.afterCharge = undefined;
    }
    expect((await paymentAs(user, paymentId)).status).toBe('Pending');
    time.advance(LEASE_MS + 1000); // the stopped process's claim has run out

    const [charged] = await ctx.database.sql.query<{ id: string }>(`SELECT id FROM square_sandbox_payments WHERE reference_id = $1`, [paymentId]);
    const updated = (eventId?: string) => event('payment.updated', 'payment', charged!.id, { payment: { id: charged!.id, status: 'COMPLETED', reference_id: paymentId } }, eventId);
    expect((await deliver(updated())).json()).toEqual({ outcome: 'applied' });
    await ctx.app.billing.settle();
    expect(await paymentAs(user, paymentId)).toMatchObject({ status: 'Complete', subscriptionId: expect.any(String) });
    expect(await sandboxCharges(ctx, paymentId)).toBe(1);
    // About a settled payment, it changes nothing.
    expect((await deliver(updated())).json()).toEqual({ outcome: 'ignored' });
  });
});

describe("the local sandbox's events", () => {
  it("are Square's event shapes, with no field Square's SDK does not know, signed for the notification URL", async () => {
    const { payment } = await subscribedUser(ctx);
    // The sandbox delivers through the app's inject, as the gateway calls it: what it sends is read there.
    const inject = vi.spyOn(ctx.app, 'inject');
    let calls: unknown[][];
    try {
      await sandbox('/dashboard/refunds', { reference_id: payment.id, amount_money: { amount: 100, currency: 'USD' } });
      const { dispute } = (await sandbox('/dashboard/disputes', { reference_id: payment.id })).json();
      await sandbox(`/dashboard/disputes/${dispute.id}/state`, { state: 'ACCEPTED' });
      calls = [...inject.mock.calls];
    } finally {
      inject.mockRestore();
    }
    const sent = calls
      .map(([options]) => options as { url: string; payload: string; headers: Record<string, string> })
      .filter((options) => options.url === '/api/webhooks/square');
    const models = {
      'refund.created': serialization.RefundCreatedEvent,
      'payment.updated': serialization.PaymentUpdatedEvent,
      'dispute.created': serialization.DisputeCreatedEvent,
      'dispute.state.updated': serialization.DisputeStateUpdatedEvent,
    };
    expect(sent.map((options) => JSON.parse(options.payload).type)).toEqual(['refund.created', 'payment.updated', 'dispute.created', 'dispute.state.updated']);
    for (const { payload, headers } of sent) {
      const body = JSON.parse(payload) as { type: keyof typeof models };
      const parsed = models[body.type].parse(body, { unrecognizedObjectKeys: 'fail' });
      expect(parsed.ok ? [] : parsed.errors, body.type).toEqual([]);
      expect(headers['x-square-hmacsha256-signature']).toBe(squareSignature(KEY, NOTIFICATION_URL, payload));
    }
  });
});
