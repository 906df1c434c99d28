// Checkout latency against the local Square sandbox: Pay -> result, as the customer waits for it. A fresh portal
// (demo plans, SQUARE_ENVIRONMENT=local); each run signs up a customer and saves a card first (not measured), then
// measures POST /api/checkout until GET /api/payments/:id answers a final status (Complete or Failed), as the
// checkout page does. Budget: p95 at most 1000 ms over RUNS checkouts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { figure } from './lib/figures.mjs';
import { startPortal } from './lib/portal.mjs';
import { firstPlanId, payAndWait, saveCard, signUp } from './lib/customer.mjs';

const RUNS = Number(process.env.BENCH_CHECKOUT_RUNS ?? 40);
const BUDGET_P95_MS = 1000;
const work = mkdtempSync(path.join(tmpdir(), 'portal-bench-checkout-'));

/** Milliseconds from Pay (POST /api/checkout) to the payment's final status. */
async function timedPayment(base, cookie, planId, cardId) {
  const started = performance.now();
  await payAndWait(base, cookie, planId, cardId);
  return performance.now() - started;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

let portal;
let ok = false;
try {
  portal = await startPortal({
    dataDir: path.join(work, 'data'),
    env: { DEMO_CONTENT: 'true', SQUARE_ENVIRONMENT: 'local', AUTH_RATE_LIMIT_MAX: '10000', RENEWAL_SWEEP_INTERVAL_MS: '0' },
  });
  const { base } = portal;
  const planId = await firstPlanId(base);
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const cookie = await signUp(base, `checkout-${i}`);
    const cardId = await saveCard(base, cookie);
    times.push(await timedPayment(base, cookie, planId, cardId));
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`checkout: ${RUNS} checkouts against the local Square sandbox, one customer each`);
  figure('checkout Pay -> result, median', Math.round(percentile(sorted, 50)), 'ms');
  ok = figure('checkout Pay -> result, p95', Math.round(percentile(sorted, 95)), 'ms', { atMost: BUDGET_P95_MS });
} finally {
  await portal?.stop();
  rmSync(work, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
