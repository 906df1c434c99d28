import { randomUUID } from 'node:crypto';
import type { CheckoutRequest } from '@portal/contracts/billing';
import { runRenewalSweep } from '../src/modules/billing/renewals.ts';
import { LOCAL_SQUARE } from '../src/platform/square/local.ts';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';

/** A clock that tests move by hand. */
export function manualClock(start = new Date('2026-03-10T12:00:00.000Z')) {
  let now = start.getTime();
  return {
    clock: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
    advanceDays: (days: number) => {
      now += days * 86_400_000;
    },
    now: () => new Date(now),
  };
}

export type ManualClock = ReturnType<typeof manualClock>;

export async function createBillingApp(env: Record<string, string> = {}, start?: Date) {
  const time = manualClock(start);
  const ctx = await createTestApp({ clock: time.clock, env: { RENEWAL_SWEEP_INTERVAL_MS: '0', ...env } });
  return { ctx, time };
}

/** A request as the signed-in user. */
export async function as(ctx: TestContext, user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

export interface PlanRow {
  id: string;
  title: string;
  price: string;
  amount: number;
  recurring: string;
  visibility: string;
}

export async function insertPlan(ctx: TestContext, overrides: Partial<PlanRow> = {}): Promise<PlanRow> {
  const plan = { id: `plan-${randomUUID().slice(0, 8)}`, title: 'Growth Plan', price: '49.99', amount: 4999, recurring: 'month', visibility: 'visible', ...overrides };
  await ctx.database.sql.query(`INSERT INTO services (id, title, price, amount, recurring, visibility) VALUES ($1, $2, $3, $4, $5, $6)`, [
    plan.id,
    plan.title,
    plan.price,
    plan.amount,
    plan.recurring,
    plan.visibility,
  ]);
  return plan;
}

export interface PromoRow {
  code: string;
  type: 'percent' | 'amount';
  value: number;
  active?: boolean;
  expiresAt?: Date | null;
  serviceIds?: readonly string[] | null;
  maxRedemptions?: number | null;
  redemptions?: number;
  /** Left out: the column's default ('once'), as every code made before codes lasted. */
  duration?: 'once' | 'months' | 'forever';
  durationMonths?: number | null;
  maxPerCustomer?: number | null;
}

export async function insertPromo(ctx: TestContext, promo: PromoRow) {
  await ctx.database.sql.query(
    `INSERT INTO promo_codes (code, type, value, active, expires_at, service_ids, max_redemptions, redemptions, max_per_customer) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [promo.code, promo.type, promo.value, promo.active ?? true, promo.expiresAt ?? null, promo.serviceIds ?? null, promo.maxRedemptions ?? null, promo.redemptions ?? 0, promo.maxPerCustomer ?? null],
  );
  if (promo.duration) {
    await ctx.database.sql.query(`UPDATE promo_codes SET duration = $2, duration_months = $3 WHERE code = $1`, [promo.code, promo.duration, promo.durationMonths ?? null]);
  }
}

export async function promoRedemptions(ctx: TestContext, code: string): Promise<number> {
  const [row] = await ctx.database.sql.query<{ redemptions: number }>(`SELECT redemptions FROM promo_codes WHERE code = $1`, [code]);
  return row!.redemptions;
}

export const GOOD_CARD = { number: '4111 1111 1111 1111', expMonth: 12, expYear: 2030, cvv: '111', postalCode: '94103' };

/** Tokenizes a card at the local sandbox, as the browser's card form does. */
export async function tokenize(ctx: TestContext, card: Partial<typeof GOOD_CARD> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: `${LOCAL_SQUARE.basePath}/v2/card-nonce`,
    payload: { applicationId: LOCAL_SQUARE.applicationId, card: { ...GOOD_CARD, ...card } },
  });
}

export async function nonceFor(ctx: TestContext, card: Partial<typeof GOOD_CARD> = {}): Promise<string> {
  const res = await tokenize(ctx, card);
  if (res.statusCode !== 200) throw new Error(`tokenize failed: ${res.body}`);
  return res.json().token as string;
}

/** Saves a card through the API and waits until Square has answered. */
export async function saveCard(ctx: TestContext, user: TestUser, card: Partial<typeof GOOD_CARD> = {}) {
  const res = await as(ctx, user, 'POST', '/api/cards', { nonce: await nonceFor(ctx, card) });
  if (res.statusCode !== 202) throw new Error(`add card failed: ${res.body}`);
  await ctx.app.billing.settle();
  return (await as(ctx, user, 'GET', `/api/cards/${res.json().id}`)).json();
}

export const newKey = () => randomUUID().replace(/-/g, '');

/** Sends a checkout and waits for its payment to settle; returns the settled payment. */
export async function checkout(ctx: TestContext, user: TestUser, body: Partial<CheckoutRequest> & { planId: string }) {
  const res = await as(ctx, user, 'POST', '/api/checkout', { idempotencyKey: newKey(), ...body });
  if (res.statusCode !== 202) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  await ctx.app.billing.settle();
  return (await as(ctx, user, 'GET', `/api/payments/${res.json().id}`)).json();
}

/** A user with a saved Visa and an active subscription to a fresh plan. */
export async function subscribedUser(ctx: TestContext, planOverrides: Partial<PlanRow> = {}) {
  const user = await signUp(ctx.app);
  const plan = await insertPlan(ctx, planOverrides);
  const card = await saveCard(ctx, user);
  const payment = await checkout(ctx, user, { planId: plan.id, cardId: card.id });
  if (payment.status !== 'Complete') throw new Error(`payment did not complete: ${JSON.stringify(payment)}`);
  return { user, plan, card, payment, subscriptionId: payment.subscriptionId as string };
}

/** A subscription as its owner reads it from the API. */
export async function subscriptionOf(ctx: TestContext, user: TestUser, id: string) {
  return (await as(ctx, user, 'GET', `/api/subscriptions/${id}`)).json();
}

/** Moves a manual clock to just past a moment and runs the renewal sweep there. */
export async function renewAt(ctx: TestContext, time: ManualClock, ms: number) {
  time.advance(ms - time.now().getTime() + 1000);
  return runRenewalSweep(ctx.app);
}

/** Charges the local sandbox recorded for one of our payments (its reference id). */
export async function sandboxCharges(ctx: TestContext, paymentId: string): Promise<number> {
  const rows = await ctx.database.sql.query(`SELECT id FROM square_sandbox_payments WHERE reference_id = $1`, [paymentId]);
  return rows.length;
}

/**
 * The text of an uncompressed PDF made with pdfkit's built-in fonts: each text operation's hex strings
 * (`[<48656c6c6f> 20 <...>] TJ`), decoded as WinAnsi (Latin-1), one line per operation.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const op of source.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const parts = [...op[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1'));
    lines.push(parts.join(''));
  }
  return lines.join('\n');
}

/** The saved card is refused from now on at the local Square sandbox, as when the bank cancels it. */
export async function disableAtSquare(ctx: TestContext, cardId: string) {
  const [row] = await ctx.database.sql.query<{ square_card_id: string }>(`SELECT square_card_id FROM cards WHERE id = $1`, [cardId]);
  await ctx.app.billing.gateway.disableCard(row!.square_card_id);
}
