import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_PROFILE_NAME_NEEDED } from '@portal/contracts/receipt';
import { loadConfig } from '../src/config.ts';
import { includedTaxCents } from '../src/modules/billing/tax.ts';
import { as, checkout, createBillingApp, insertPlan, insertPromo, pdfText, renewAt, saveCard, subscribedUser, subscriptionOf, type ManualClock } from './billing-helpers.ts';
import { REAL_SQUARE, REQUIRED_IN_PRODUCTION, signUp, type TestContext, type TestUser } from './helpers.ts';
import { confirmDeletion, outboxFor } from './notify-helpers.ts';
import { call, signUpStaff } from './staff-helpers.ts';

const SELLER = { COMPANY_LEGAL_NAME: 'Acme Apps Ltd', COMPANY_ADDRESS: '1 Market Street, San Francisco, CA 94103', COMPANY_TAX_ID: 'US-94-1234567' };

let ctx: TestContext;
let time: ManualClock;
beforeAll(async () => {
  ({ ctx, time } = await createBillingApp({ ...SELLER, TAX_RATE_PERCENT: '8.25', TAX_LABEL: 'Sales tax' }));
});
afterAll(async () => ctx.close());

const profileOf = async (user: TestUser) => (await as(ctx, user, 'GET', '/api/me/billing-profile')).json();
const saveProfile = (user: TestUser, profile: Record<string, unknown>) => as(ctx, user, 'PUT', '/api/me/billing-profile', profile);
const receiptText = async (user: TestUser, paymentId: string) => {
  const res = await as(ctx, user, 'GET', `/api/payments/${paymentId}/receipt`);
  expect(res.statusCode).toBe(200);
  return { bytes: res.rawPayload, text: pdfText(res.rawPayload) };
};
const squarePaymentIdOf = async (paymentId: string) =>
  (await ctx.database.sql.query<{ square_payment_id: string }>(`SELECT square_payment_id FROM payments WHERE id = $1`, [paymentId]))[0]!.square_payment_id;

describe('the billing profile', () => {
  it('starts empty, saves trimmed fields, and clears when every field is emptied', async () => {
    const user = await signUp(ctx.app);
    expect(await profileOf(user)).toEqual({ businessName: '', address: '', taxId: '' });
    const saved = await saveProfile(user, { businessName: '  Bloom Bakery LLC ', address: '12 Baker Lane\r\nPortland, OR 97201\n', taxId: 'EIN 93-1234567' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ businessName: 'Bloom Bakery LLC', address: '12 Baker Lane\nPortland, OR 97201', taxId: 'EIN 93-1234567' });
    expect(await profileOf(user)).toEqual(saved.json());
    expect((await saveProfile(user, { businessName: 'Bloom Bakery LLC', address: '', taxId: '' })).json()).toEqual({ businessName: 'Bloom Bakery LLC', address: '', taxId: '' });
    expect((await saveProfile(user, { businessName: '', address: '', taxId: '' })).statusCode).toBe(200);
    expect(await profileOf(user)).toEqual({ businessName: '', address: '', taxId: '' });
    const rows = await ctx.database.sql.query(`SELECT 1 FROM billing_profiles WHERE user_id = $1`, [user.id]);
    expect(rows).toHaveLength(0);
  });

  it('refuses what a receipt cannot carry, each with a message that says why, and keeps the saved profile', async () => {
    const user = await signUp(ctx.app);
    await saveProfile(user, { businessName: 'Kept Co', address: '', taxId: '' });
    const refusals: [Record<string, unknown>, string][] = [
      [{ businessName: '', address: '1 Road', taxId: '' }, `businessName: ${BILLING_PROFILE_NAME_NEEDED}`],
      [{ businessName: '', address: '', taxId: 'DE123' }, `businessName: ${BILLING_PROFILE_NAME_NEEDED}`],
      [{ businessName: 'x'.repeat(201), address: '', taxId: '' }, 'businessName: Business name must be at most 200 characters.'],
      [{ businessName: 'Two\nLines', address: '', taxId: '' }, 'businessName: Business name must be on one line.'],
      [{ businessName: 'Co', address: 'a\nb\nc\nd\ne\nf\ng', taxId: '' }, 'address: Address must be at most 6 lines.'],
      [{ businessName: 'Co', address: 'x'.repeat(501), taxId: '' }, 'address: Address must be at most 500 characters.'],
      [{ businessName: 'Co', address: '', taxId: 'DE<123>' }, 'taxId: Tax ID can only contain letters, digits, spaces, dots, slashes and dashes.'],
      [{ businessName: 'Co', address: '', taxId: 'x'.repeat(41) }, 'taxId: Tax ID must be at most 40 characters.'],
      [{ businessName: 'Bell\u0007Co', address: '', taxId: '' }, 'businessName: Business name must be plain text.'],
      [{ businessName: 'Co' }, 'address: Invalid input: expected string, received undefined'],
    ];
    for (const [body, message] of refusals) {
      const res = await saveProfile(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toEqual({ code: 'VALIDATION_ERROR', message });
    }
    expect(await profileOf(user)).toEqual({ businessName: 'Kept Co', address: '', taxId: '' });
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/me/billing-profile', payload: { businessName: 'Co', address: '', taxId: '' } })).statusCode).toBe(401);
  });
});

describe('a business receipt', () => {
  it('carries the seller, the buyer, the payment references and the tax included, in the PDF', async () => {
    const user = await signUp(ctx.app);
    await saveProfile(user, { businessName: 'Bloom Bakery LLC', address: '12 Baker Lane\nPortland, OR 97201', taxId: 'EIN 93-1234567' });
    const plan = await insertPlan(ctx);
    const card = await saveCard(ctx, user);
    const payment = await checkout(ctx, user, { planId: plan.id, cardId: card.id });
    const { text } = await receiptText(user, payment.id);
    const squareId = await squarePaymentIdOf(payment.id);
    expect(squareId).toEqual(expect.any(String));
    for (const expected of [
      'Acme Apps Ltd',
      '1 Market Street, San Francisco, CA 94103',
      'Tax ID: US-94-1234567',
      'Bloom Bakery LLC',
      '12 Baker Lane',
      'Portland, OR 97201',
      'Tax ID: EIN 93-1234567',
      user.email,
      'Amount paid',
      '$49.99',
      // 4999 × 825 / 10825 = 380.97: 381 cents.
      'Sales tax included (8.25%)',
      '$3.81',
      'Payment reference',
      payment.id,
      'Square payment ID',
      squareId,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('keeps what it was issued with: a later profile, seller or tax rate shows on later receipts only, and the numbers run on', async () => {
    const user = await signUp(ctx.app);
    await saveProfile(user, { businessName: 'First Name Co', address: '1 Old Road', taxId: 'OLD-1' });
    const plan = await insertPlan(ctx);
    const card = await saveCard(ctx, user);
    const first = await checkout(ctx, user, { planId: plan.id, cardId: card.id });
    const issued = await receiptText(user, first.id);
    expect(issued.text).toContain('First Name Co');

    await saveProfile(user, { businessName: 'Second Name Inc', address: '2 New Avenue', taxId: 'NEW-2' });
    const settings = ctx.app.config;
    const { seller, tax } = settings;
    settings.seller = { legalName: 'Acme Apps Holdings Ltd', address: '9 Moved Street', taxId: 'US-99-0000001' };
    settings.tax = { label: 'VAT', rateBasisPoints: 2000 };
    try {
      const again = await receiptText(user, first.id);
      expect(Buffer.compare(again.bytes, issued.bytes)).toBe(0);
      expect(again.text).not.toContain('Second Name Inc');

      const sub = await subscriptionOf(ctx, user, first.subscriptionId);
      await renewAt(ctx, time, sub.dueDate);
      await ctx.app.billing.settle();
      const renewal = (await as(ctx, user, 'GET', '/api/payments')).json().payments.find((p: { purchaseType: string }) => p.purchaseType === 'Renewal');
      expect(renewal.status).toBe('Complete');
      const renewed = await receiptText(user, renewal.id);
      for (const expected of ['Second Name Inc', '2 New Avenue', 'Tax ID: NEW-2', 'Acme Apps Holdings Ltd', '9 Moved Street', 'VAT included (20%)', '$8.33']) {
        expect(renewed.text).toContain(expected);
      }
      expect(renewed.text).not.toContain('First Name Co');
      expect(renewal.receiptNumber).toMatch(/^R-\d{6}$/);
      expect((await as(ctx, user, 'GET', `/api/payments/${first.id}`)).json().receiptNumber).toBe(first.receiptNumber);
      const numbers = (await ctx.database.sql.query<{ n: number }>(`SELECT receipt_number AS n FROM payments WHERE receipt_number IS NOT NULL ORDER BY 1`)).map((r) => Number(r.n));
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    } finally {
      settings.seller = seller;
      settings.tax = tax;
    }
  });

  it('reads a payment completed before receipts kept their details as it was issued: the company from the settings, no tax line', async () => {
    const { user, payment } = await subscribedUser(ctx);
    await ctx.database.sql.query(`UPDATE payments SET receipt_details = NULL WHERE id = $1`, [payment.id]);
    const { text } = await receiptText(user, payment.id);
    expect(text).toContain('Your Business Your App');
    expect(text).toContain('1 Market Street, San Francisco, CA 94103');
    expect(text).not.toContain('Tax ID');
    expect(text).not.toContain('Sales tax');
  });

  it('is mailed with the discount, the tax included and the payment reference', async () => {
    const user = await signUp(ctx.app);
    const plan = await insertPlan(ctx, { title: 'Growth Bundle', price: '99.99', amount: 9999 });
    await insertPromo(ctx, { code: 'MAIL25', type: 'amount', value: 2500 });
    const card = await saveCard(ctx, user);
    const payment = await checkout(ctx, user, { planId: plan.id, cardId: card.id, promoCode: 'MAIL25' });
    const [mail] = await outboxFor(ctx, user.email, 'receipt');
    for (const expected of ['Subtotal', '$99.99', 'Discount (MAIL25)', '-$25.00', 'Amount paid', '$74.99', 'Sales tax included (8.25%)', '$5.72', payment.id]) {
      expect(mail!.text_body).toContain(expected);
    }
    const { text } = await receiptText(user, payment.id);
    expect(text).toContain('Discount (MAIL25)');
    expect(text).toContain('$5.72');
  });
});

describe('erasing the account', () => {
  it('removes the billing profile and the business from the receipts kept', async () => {
    const staff = await signUpStaff(ctx);
    const user = await signUp(ctx.app);
    await saveProfile(user, { businessName: 'Gone Soon LLC', address: '3 Exit Road', taxId: 'GONE-3' });
    const plan = await insertPlan(ctx);
    const card = await saveCard(ctx, user);
    const payment = await checkout(ctx, user, { planId: plan.id, cardId: card.id });
    const requested = await call(ctx.app, user, 'POST', '/api/account-deletion-requests', { name: 'Dee Leet', email: user.email });
    expect((await confirmDeletion(ctx, user.email)).statusCode).toBe(200);
    expect((await call(ctx.app, staff, 'POST', `/api/staff/deletion-requests/${requested.body.id}/carry-out`)).status).toBe(200);

    expect(await ctx.database.sql.query(`SELECT 1 FROM billing_profiles WHERE user_id = $1`, [user.id])).toHaveLength(0);
    const [row] = await ctx.database.sql.query<{ receipt_details: { seller: { legalName: string }; buyer: unknown } }>(
      `SELECT receipt_details FROM payments WHERE id = $1`,
      [payment.id],
    );
    expect(row!.receipt_details.buyer).toBeNull();
    expect(row!.receipt_details.seller.legalName).toBe('Acme Apps Ltd');
    expect(JSON.stringify(row)).not.toContain('Gone Soon');
  });
});

describe('tax included in a price', () => {
  it('is amount × rate / (1 + rate) in whole cents, rounded half up', () => {
    expect(includedTaxCents(4999, 825)).toBe(381); // 380.97
    expect(includedTaxCents(7499, 825)).toBe(572); // 571.51
    expect(includedTaxCents(1000, 2000)).toBe(167); // 166.67
    expect(includedTaxCents(1, 10_000)).toBe(1); // 0.5 goes up
    expect(includedTaxCents(3, 10_000)).toBe(2); // 1.5 goes up
    expect(includedTaxCents(2, 10_000)).toBe(1); // exactly 1
    expect(includedTaxCents(5, 2500)).toBe(1); // exactly 1
    expect(includedTaxCents(2, 2500)).toBe(0); // 0.4 goes down
    expect(includedTaxCents(0, 825)).toBe(0);
    expect(includedTaxCents(4999, 0)).toBe(0);
    expect(includedTaxCents(999_999_999_99, 1999)).toBe(166_597_216_43); // 16659721643.30; no floating-point drift
  });

  it('takes its rate from TAX_RATE_PERCENT as basis points, and refuses a rate it cannot read', () => {
    const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/portal-tax-settings', ...env });
    expect(config({}).tax).toBeNull();
    expect(config({ TAX_RATE_PERCENT: '8.25' }).tax).toEqual({ label: 'Tax', rateBasisPoints: 825 });
    expect(config({ TAX_RATE_PERCENT: '20', TAX_LABEL: 'VAT' }).tax).toEqual({ label: 'VAT', rateBasisPoints: 2000 });
    expect(config({ TAX_RATE_PERCENT: '7.5' }).tax?.rateBasisPoints).toBe(750);
    expect(config({ TAX_RATE_PERCENT: '100' }).tax?.rateBasisPoints).toBe(10_000);
    for (const bad of ['8.255', '101', '-1', '8,25', 'ten']) expect(() => config({ TAX_RATE_PERCENT: bad })).toThrow(/TAX_RATE_PERCENT/);
  });
});

describe('the seller in production', () => {
  const production = (env: Record<string, string | undefined>) => () => loadConfig({ ...env, DATA_DIR: '/tmp/portal-production-settings' });

  it('refuses to start without the legal name, address or tax ID, naming them', () => {
    for (const missing of ['COMPANY_LEGAL_NAME', 'COMPANY_ADDRESS', 'COMPANY_TAX_ID'] as const) {
      expect(production({ ...REQUIRED_IN_PRODUCTION, ...REAL_SQUARE, [missing]: undefined })).toThrow(
        /COMPANY_LEGAL_NAME, COMPANY_ADDRESS and COMPANY_TAX_ID: required in production/,
      );
    }
    expect(production({ ...REQUIRED_IN_PRODUCTION, ...REAL_SQUARE })()).toMatchObject({
      seller: { legalName: REQUIRED_IN_PRODUCTION.COMPANY_LEGAL_NAME, address: REQUIRED_IN_PRODUCTION.COMPANY_ADDRESS, taxId: REQUIRED_IN_PRODUCTION.COMPANY_TAX_ID },
    });
  });

  it('has an invented seller outside production, so receipts can be tried out', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/portal-tax-settings' }).seller).toEqual({
      legalName: 'Your Business Your App LLC (demo)',
      address: '100 Example Street, Springfield, IL 62701, United States',
      taxId: 'DEMO-00-0000000',
    });
  });
});
