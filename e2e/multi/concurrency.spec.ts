import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, signUpThroughApi, test } from '../fixtures';
import { firstPlan, importPromo, saveCardThroughApi } from '../tests/billing-helpers';
import { customer, query } from './multi-helpers';

// Requests through the round-robin proxy: simultaneous ones land on the three instances at once.
const key = () => randomUUID().replace(/-/g, '');

async function settled(request: APIRequestContext, paymentId: string) {
  let payment: { status: string } = { status: 'Pending' };
  await expect.poll(async () => (payment = await (await request.get(`/api/payments/${paymentId}`)).json()).status, { timeout: 20_000 }).not.toBe('Pending');
  return payment;
}

const chargesOf = async (paymentIds: string[]) =>
  (await query<{ n: string }>('SELECT count(*) AS n FROM square_sandbox_payments WHERE reference_id = ANY($1)', [paymentIds]))[0]!.n;

test('a promo code limited to 3 gives exactly 3 of 15 simultaneous checkouts', async ({ request, baseURL }) => {
  const plan = await firstPlan(request);
  const code = await importPromo(request, { type: 'percent', value: 100, maxRedemptions: 3 });
  const customers = await Promise.all(Array.from({ length: 15 }, () => customer(baseURL!)));
  const answers = await Promise.all(customers.map((c) => c.post('/api/checkout', { data: { planId: plan.id, promoCode: code, idempotencyKey: key() } })));
  const accepted = answers.filter((res) => res.status() === 202);
  expect(accepted).toHaveLength(3);
  for (const refused of answers.filter((res) => res.status() !== 202)) {
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error).toEqual({ code: 'PROMO_EXHAUSTED', message: 'This promo code has reached its redemption limit.' });
  }
  for (const [i, res] of answers.entries()) if (res.status() === 202) expect((await settled(customers[i]!, (await res.json()).id)).status).toBe('Complete');
  expect((await query<{ redemptions: number }>('SELECT redemptions FROM promo_codes WHERE code = $1', [code]))[0]!.redemptions).toBe(3);
  await Promise.all(customers.map((c) => c.dispose()));
});

test('five checkouts of one plan at once with five keys make one subscription and one charge', async ({ page }) => {
  const plan = await firstPlan(page.request);
  await signUpThroughApi(page);
  const cardId = await saveCardThroughApi(page);
  const answers = await Promise.all(Array.from({ length: 5 }, () => page.request.post('/api/checkout', { data: { planId: plan.id, cardId, idempotencyKey: key() } })));
  expect(answers.filter((res) => res.status() === 202)).toHaveLength(1);
  for (const refused of answers.filter((res) => res.status() !== 202)) {
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error.code).toBe('PLAN_ALREADY_ACTIVE');
  }
  const paymentId = (await answers.find((res) => res.status() === 202)!.json()).id as string;
  expect((await settled(page.request, paymentId)).status).toBe('Complete');
  expect((await (await page.request.get('/api/payments')).json()).payments).toHaveLength(1);
  expect((await (await page.request.get('/api/subscriptions')).json()).subscriptions).toHaveLength(1);
  expect(await chargesOf([paymentId])).toBe('1');
});

test('one checkout sent six times at once is one payment and one charge', async ({ page }) => {
  const plan = await firstPlan(page.request);
  await signUpThroughApi(page);
  const cardId = await saveCardThroughApi(page);
  const body = { planId: plan.id, cardId, idempotencyKey: key() };
  const answers = await Promise.all(Array.from({ length: 6 }, () => page.request.post('/api/checkout', { data: body })));
  expect(answers.every((res) => res.status() === 200 || res.status() === 202)).toBe(true);
  const ids = new Set(await Promise.all(answers.map(async (res) => (await res.json()).id as string)));
  expect(ids.size).toBe(1);
  const [paymentId] = [...ids];
  expect((await settled(page.request, paymentId!)).status).toBe('Complete');
  expect((await (await page.request.get('/api/payments')).json()).payments).toHaveLength(1);
  expect(await chargesOf([paymentId!])).toBe('1');
});
