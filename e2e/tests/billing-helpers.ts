import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, operatorUrl } from '../fixtures';
import { demoRecords } from './content-helpers';

/** The OPERATOR_TOKEN the browser-test server starts with (e2e/playwright.config.ts). */
export const operator = { authorization: 'Bearer e2e-operator-token-0123456789' };

export interface PlanInfo {
  id: string;
  title: string;
  amount: number;
}

export const usd = (cents: number) => `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;

/** The first `count` plans on pricing, whatever the content is. */
export async function plansOnSale(request: APIRequestContext, count: number): Promise<PlanInfo[]> {
  const res = await request.get('/api/plans');
  const { plans } = (await res.json()) as { plans: PlanInfo[] };
  expect(plans.length, `the demo content has ${count} plans`).toBeGreaterThanOrEqual(count);
  return plans.slice(0, count);
}

/** The first plan on pricing. */
export const firstPlan = async (request: APIRequestContext): Promise<PlanInfo> => (await plansOnSale(request, 1))[0]!;

/** A promo code of this test's own, imported through the operator's content import. */
export async function importPromo(request: APIRequestContext, promo: { type: 'percent' | 'amount'; value: number; maxRedemptions?: number }): Promise<string> {
  const code = `E2E${randomUUID().slice(0, 8).toUpperCase()}`;
  const res = await request.post(operatorUrl('/api/operator/content/import'), { headers: operator, data: { PromoCodes: { ...demoRecords('PromoCodes'), [code]: { ...promo, active: true } } } });
  expect(res.status(), await res.text()).toBe(200);
  return code;
}

export const CARDS = {
  visa: { number: '4111 1111 1111 1111', cvv: '111' },
  mastercard: { number: '5105 1051 0510 5100', cvv: '111' },
  declined: { number: '4000 0000 0000 0002', cvv: '111' },
};

/** Types a card into our card form (local Square sandbox). */
export async function fillCard(page: Page, card: { number: string; cvv: string }, expiry = '12 / 30', postalCode = '94103') {
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel('Expiry (MM / YY)').fill(expiry);
  await page.getByLabel('CVV').fill(card.cvv);
  await page.getByLabel('Postal code').fill(postalCode);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 60; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('timed out waiting for billing to settle');
}

/** Saves a Visa for the signed-in user the way the card form does: tokenized at the sandbox, saved by its token. */
export async function saveCardThroughApi(page: Page, card = CARDS.visa): Promise<string> {
  const config = await (await page.request.get('/api/payments/config')).json();
  const tokenized = await page.request.post(config.tokenizeUrl, {
    data: { applicationId: config.applicationId, card: { number: card.number, expMonth: 12, expYear: 2030, cvv: card.cvv, postalCode: '94103' } },
  });
  expect(tokenized.status(), await tokenized.text()).toBe(200);
  const added = await page.request.post('/api/cards', { data: { nonce: (await tokenized.json()).token } });
  expect(added.ok(), await added.text()).toBe(true);
  const id = (await added.json()).id as string;
  await until(async () => (await (await page.request.get(`/api/cards/${id}`)).json()).status, (s) => s !== 'PendingSquareCreation');
  return id;
}

/** The local Square sandbox's access token (apps/server/src/platform/square/local.ts). */
const sandboxAuth = { authorization: 'Bearer EAAAlocal-sandbox-access-token-0000000000000000' };

/** What a renewal's failure says once the card is refused at Square. */
export const CARD_REFUSED = 'This card can no longer be charged. Please use another card.';

/**
 * The saved card is refused from now on, as when the bank cancels it: disabled at the local Square sandbox (found
 * by its reference id, our card id). The portal still lists it; charging it fails.
 */
export async function refuseCardAtSquare(request: APIRequestContext, cardId: string) {
  const listed = await request.get(`/square-sandbox/v2/cards?reference_id=${encodeURIComponent(cardId)}`, { headers: sandboxAuth });
  expect(listed.status(), await listed.text()).toBe(200);
  const [card] = (await listed.json()).cards as { id: string }[];
  expect((await request.post(`/square-sandbox/v2/cards/${card!.id}/disable`, { headers: sandboxAuth })).status()).toBe(200);
}

/** An active subscription for the signed-in user, paid through the API with a saved card. */
export async function subscribeThroughApi(page: Page, planId: string): Promise<{ subscriptionId: string; cardId: string }> {
  const cardId = await saveCardThroughApi(page);
  const started = await page.request.post('/api/checkout', { data: { planId, cardId, idempotencyKey: randomUUID().replace(/-/g, '') } });
  expect(started.status(), await started.text()).toBe(202);
  const id = (await started.json()).id as string;
  const payment = await until(async () => (await page.request.get(`/api/payments/${id}`)).json(), (p) => p.status !== 'Pending');
  expect(payment.status).toBe('Complete');
  return { subscriptionId: payment.subscriptionId as string, cardId };
}

/** Moves the test server's clock forward (ALLOW_CLOCK_CONTROL) and runs the billing sweeps at the new time. */
export async function advanceClock(request: APIRequestContext, days: number) {
  const res = await request.post('/api/operator/billing/clock', { headers: operator, data: { advanceDays: days } });
  expect(res.status(), await res.text()).toBe(200);
}
