// A customer as the web app makes one, through the real API: signs up, saves a card at the local Square sandbox
// (SQUARE_ENVIRONMENT=local), pays for a plan. Shared by the benchmarks that need a signed-in user with rows.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { signUp as signUpAndVerify } from './portal.mjs';

const POLL_MS = 25;

/** One JSON request as the browser sends it (same-origin); throws on a non-2xx answer. */
export async function json(base, cookie, method, url, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { origin: base, ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return { res, data: text ? JSON.parse(text) : null };
}

/** A new customer's session cookie. */
export const signUp = async (base, label) => (await signUpAndVerify(base, label)).cookie;

/** Tokenized at the sandbox as the card form does, saved by its token, and waited for until Square made it. */
export async function saveCard(base, cookie) {
  const { data: config } = await json(base, cookie, 'GET', '/api/payments/config');
  const { data: token } = await json(base, cookie, 'POST', config.tokenizeUrl, {
    applicationId: config.applicationId,
    card: { number: '4111111111111111', expMonth: 12, expYear: 2030, cvv: '111', postalCode: '94103' },
  });
  const { data: card } = await json(base, cookie, 'POST', '/api/cards', { nonce: token.token });
  for (;;) {
    const { data } = await json(base, cookie, 'GET', `/api/cards/${card.id}`);
    if (data.status === 'Complete') return data.id;
    if (data.status !== 'PendingSquareCreation') throw new Error(`card not saved: ${JSON.stringify(data)}`);
    await sleep(POLL_MS);
  }
}

/** The id of the first plan on sale. */
export async function firstPlanId(base) {
  const plans = (await json(base, null, 'GET', '/api/plans')).data;
  return (Array.isArray(plans) ? plans : plans.plans)[0].id;
}

/** Pay (POST /api/checkout), then poll GET /api/payments/:id as the checkout page does until a final status. */
export async function payAndWait(base, cookie, planId, cardId) {
  const { data: payment } = await json(base, cookie, 'POST', '/api/checkout', { planId, cardId, idempotencyKey: randomUUID().replace(/-/g, '') });
  let status = payment.status;
  while (status === 'Pending') {
    await sleep(POLL_MS);
    status = (await json(base, cookie, 'GET', `/api/payments/${payment.id}`)).data.status;
  }
  if (status !== 'Complete') throw new Error(`checkout ended ${status}`);
  return payment.id;
}
