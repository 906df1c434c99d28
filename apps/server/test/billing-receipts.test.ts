import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { receiptPdf } from '../src/modules/billing/index.ts';
import { runPendingSweep } from '../src/modules/billing/sweeps.ts';
import { as, checkout, createBillingApp, insertPlan, insertPromo, pdfText, saveCard, subscribedUser, type ManualClock } from './billing-helpers.ts';
import { signUp, type TestContext } from './helpers.ts';
import { outboxFor } from './notify-helpers.ts';

let ctx: TestContext;
let time: ManualClock;
beforeAll(async () => {
  ({ ctx, time } = await createBillingApp({ COMPANY_NAME: 'Acme Apps', COMPANY_LEGAL_NAME: 'Acme Apps Ltd', COMPANY_ADDRESS: '1 Market Street, San Francisco, CA 94103' }));
});
afterAll(async () => ctx.close());

const receiptNumbers = async () =>
  (await ctx.database.sql.query<{ receipt_number: number }>(`SELECT receipt_number FROM payments WHERE receipt_number IS NOT NULL ORDER BY receipt_number`)).map(
    (r) => Number(r.receipt_number),
  );

describe('receipt numbers', () => {
  it('numbers completed payments in sequence, never failed ones, and never twice under concurrency', async () => {
    const before = await receiptNumbers();
    const { payment } = await subscribedUser(ctx);
    expect(payment.receiptNumber).toMatch(/^R-\d{6}$/);
    const declined = await signUp(ctx.app);
    const plan = await insertPlan(ctx);
    const badCard = await saveCard(ctx, declined);
    await ctx.database.sql.query(`UPDATE cards SET square_card_id = 'ccof:declined-by-test' WHERE id = $1`, [badCard.id]);
    const failed = await checkout(ctx, declined, { planId: plan.id, cardId: badCard.id });
    expect(failed.status).toBe('Failed');
    expect(failed.receiptNumber).toBeNull();

    const buyers = await Promise.all(Array.from({ length: 8 }, async () => {
      const user = await signUp(ctx.app);
      return { user, card: await saveCard(ctx, user) };
    }));
    await Promise.all(buyers.map(({ user, card }) => checkout(ctx, user, { planId: plan.id, cardId: card.id })));
    const after = await receiptNumbers();
    expect(after).toHaveLength(before.length + 9);
    // Sequential: 1, 2, 3, ... without gaps or repeats.
    expect(after).toEqual(after.map((_, i) => i + 1));
  });
});

describe('receipt PDF', () => {
  it('is the same bytes every time and holds the company, customer, plan, period, amounts, discount and card', async () => {
    const user = await signUp(ctx.app);
    const plan = await insertPlan(ctx, { title: 'Growth Bundle', price: '99.99', amount: 9999 });
    await insertPromo(ctx, { code: 'RECEIPT25', type: 'amount', value: 2500 });
    const card = await saveCard(ctx, user);
    const payment = await checkout(ctx, user, { planId: plan.id, cardId: card.id, promoCode: 'RECEIPT25' });
    const res = await as(ctx, user, 'GET', `/api/payments/${payment.id}/receipt`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${payment.receiptNumber}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    time.advance(60_000);
    const again = await as(ctx, user, 'GET', `/api/payments/${payment.id}/receipt`);
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
    expect(Buffer.compare((await receiptPdf(ctx.app, payment.id))!.pdf, res.rawPayload)).toBe(0);

    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Acme Apps Ltd',
      '1 Market Street, San Francisco, CA 94103',
      `Receipt ${payment.receiptNumber}`,
      user.email,
      'Growth Bundle (New Subscription)',
      'Mar 10, 2026 - Apr 10, 2026',
      '$99.99',
      'Discount (RECEIPT25)',
      '-$25.00',
      'Amount paid',
      '$74.99',
      'Visa ending 1111',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('is refused for a payment without a receipt and hidden from other customers', async () => {
    const { user, payment } = await subscribedUser(ctx);
    const other = await signUp(ctx.app);
    expect((await as(ctx, other, 'GET', `/api/payments/${payment.id}/receipt`)).statusCode).toBe(404);
    await ctx.database.sql.query(
      `INSERT INTO payments (id, user_id, idempotency_key, request_hash, status, purchase_type, service_id, service_title, price, recurring, subtotal, amount, created_at, updated_at)
       VALUES ('failed-' || $1, $1, 'failed-' || $1, 'x', 'Failed', 'New Subscription', 's', 'S', '1', 'month', 1, 1, now(), now())`,
      [user.id],
    );
    const res = await as(ctx, user, 'GET', `/api/payments/failed-${user.id}/receipt`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('NO_RECEIPT');
  });
});

describe('payment history pages', () => {
  it('pages 25 at a time, newest first, with a keyset cursor', async () => {
    const user = await signUp(ctx.app);
    const base = time.now().getTime();
    for (let i = 0; i < 30; i += 1) {
      // Two payments share each timestamp: the id orders them.
      const at = new Date(base - Math.floor(i / 2) * 1000).toISOString();
      await ctx.database.sql.query(
        `INSERT INTO payments (id, user_id, idempotency_key, request_hash, status, purchase_type, service_id, service_title, price, recurring, subtotal, amount, created_at, updated_at)
         VALUES ($1, $2, $1, 'x', 'Failed', 'New Subscription', 's', 'S', '1', 'month', 1, 1, $3, $3)`,
        [`page-${user.id}-${String(i).padStart(2, '0')}`, user.id, at],
      );
    }
    const first = (await as(ctx, user, 'GET', '/api/payments')).json();
    expect(first.payments).toHaveLength(25);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await as(ctx, user, 'GET', `/api/payments?cursor=${first.nextCursor}`)).json();
    expect(second.payments).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const all = [...first.payments, ...second.payments];
    expect(new Set(all.map((p: { id: string }) => p.id)).size).toBe(30);
    const keys = all.map((p: { createdAt: number; id: string }) => [p.createdAt, p.id] as const);
    const sorted = [...keys].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : -1));
    expect(keys).toEqual(sorted);
    expect((await as(ctx, user, 'GET', '/api/payments?cursor=bm9wZQ')).json().error.code).toBe('INVALID_CURSOR');
    expect((await as(ctx, user, 'GET', '/api/payments?limit=500')).statusCode).toBe(400);
  });
});

describe('the receipt mail, queued once the payment has committed', () => {
  const receiptMails = async (email: string) => outboxFor(ctx, email, 'receipt');
  const dueRows = async (paymentId: string) =>
    (await ctx.database.sql.query<{ payment_id: string }>(`SELECT payment_id FROM receipt_mails_due WHERE payment_id = $1`, [paymentId])).length;

  it('renders it with the payment committed and the receipt counter free, and queues it once', async () => {
    const user = await signUp(ctx.app);
    const plan = await insertPlan(ctx);
    const card = await saveCard(ctx, user);
    const seen: { receiptNumber: unknown; counterFree: boolean; mailsBefore: number }[] = [];
    ctx.app.billing.faults.beforeReceiptMail = async (paymentId) => {
      const [payment] = await ctx.database.sql.query<{ receipt_number: number | null }>(`SELECT receipt_number FROM payments WHERE id = $1`, [paymentId]);
      // Another transaction may take the counter row at once: the completing one has let it go.
      const counterFree = await ctx.app.db
        .transaction(async (tx) => tx.execute(sql`SELECT value FROM billing_counters WHERE name = 'receipt' FOR UPDATE NOWAIT`))
        .then(() => true, () => false);
      seen.push({ receiptNumber: payment?.receipt_number, counterFree, mailsBefore: (await receiptMails(user.email)).length });
    };
    try {
      const payment = await checkout(ctx, user, { planId: plan.id, cardId: card.id });
      expect(payment.status).toBe('Complete');
      expect(seen).toEqual([{ receiptNumber: expect.anything(), counterFree: true, mailsBefore: 0 }]);
      expect(await receiptMails(user.email)).toHaveLength(1);
      expect(await dueRows(payment.id)).toBe(0);
    } finally {
      ctx.app.billing.faults.beforeReceiptMail = undefined;
    }
  });

  it('is sent by the sweep when the request stopped after the payment committed, once', async () => {
    const user = await signUp(ctx.app);
    const plan = await insertPlan(ctx);
    const card = await saveCard(ctx, user);
    ctx.app.billing.faults.beforeReceiptMail = () => {
      throw new Error('stopped after the commit');
    };
    let paymentId: string;
    try {
      const payment = await checkout(ctx, user, { planId: plan.id, cardId: card.id });
      expect(payment.status).toBe('Complete');
      expect(payment.receiptNumber).toMatch(/^R-\d{6}$/);
      paymentId = payment.id;
    } finally {
      ctx.app.billing.faults.beforeReceiptMail = undefined;
    }
    expect(await receiptMails(user.email)).toHaveLength(0);
    expect(await dueRows(paymentId)).toBe(1);
    // Not yet: the request that completed it may still be mailing it.
    expect((await runPendingSweep(ctx.app)).receipts).toBe(0);
    time.advance(31_000);
    const sweeps = await Promise.all([runPendingSweep(ctx.app), runPendingSweep(ctx.app)]);
    expect(sweeps.reduce((sum, s) => sum + s.receipts, 0)).toBeGreaterThanOrEqual(1);
    expect(await receiptMails(user.email)).toHaveLength(1);
    expect(await dueRows(paymentId)).toBe(0);
    expect((await runPendingSweep(ctx.app)).receipts).toBe(0);
    expect(await receiptMails(user.email)).toHaveLength(1);
  });
});
