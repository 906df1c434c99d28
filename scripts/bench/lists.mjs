// Lists page by keyset, so a list endpoint's answer must not grow with the list. Against a fresh portal (PGlite):
// customers with 3, 25 (one full page) and 5,000 payments (seeded in SQL while the portal is stopped: the
// embedded database belongs to one process at a time); GET /api/payments, the first page as the history page reads
// it, is timed for each, interleaved so that all see the same background load. The 3-payment answer has 3 rows
// and the others 25, so the budgets hold 5,000 against one full page (what grows with the total would show
// there), and 3 is shown beside them:
//   - time: the median for 5,000 payments at most 1.2x the median for 25, plus SLACK_MS;
//   - bytes: the answer for 5,000 payments at most 2% over the one for 25 (ids run longer), where every payment
//     was sent before paging (2 MB).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { figure } from './lib/figures.mjs';
import { openPglite } from './lib/pglite.mjs';
import { signUp, startPortal } from './lib/portal.mjs';

const SMALL = 3;
const LARGE = 5000;
const USERS = { small: SMALL, page: 25, large: LARGE };
const PAGE = 25;
const RUNS = Number(process.env.BENCH_LISTS_RUNS ?? 200);
const WARMUP = 20;
// A first page takes a few milliseconds on an idle machine (about 20 under heavy load); at that size the scheduler
// of a shared 2-core machine alone moves a median by a millisecond or two, so 20% of it can be noise. 2 ms of slack
// keeps the budget about the list's size (all 5,000 rows took 157 ms) and not about jitter.
const SLACK_MS = 2;
const work = mkdtempSync(path.join(tmpdir(), 'portal-bench-lists-'));
const dataDir = path.join(work, 'data');

/** `count` failed payments of the user, one second apart, straight into the stopped portal's database. */
async function seedPayments(db, email, count) {
  const [user] = (await db.query('SELECT id FROM users WHERE email = $1', [email])).rows;
  await db.query(
    `INSERT INTO payments (id, user_id, idempotency_key, request_hash, status, purchase_type, service_id, service_title, price, recurring, subtotal, amount, created_at, updated_at)
     SELECT $1 || '-' || n, $1, $1 || '-' || n, 'bench', 'Failed', 'New Subscription', 'bench-plan', 'Bench Plan', '9.99', 'month', 999, 999,
            now() - n * interval '1 second', now() - n * interval '1 second'
       FROM generate_series(1, $2::int) AS n`,
    [user.id, count],
  );
}

async function firstPage(base, cookie) {
  const started = performance.now();
  const res = await fetch(`${base}/api/payments`, { headers: { cookie } });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`GET /api/payments: ${res.status}`);
  return { ms, bytes: body.byteLength, rows: JSON.parse(Buffer.from(body).toString('utf8')).payments.length };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

let portal;
let ok = false;
try {
  portal = await startPortal({ dataDir, env: { AUTH_RATE_LIMIT_MAX: '10000', RENEWAL_SWEEP_INTERVAL_MS: '0' } });
  const users = {};
  for (const who of Object.keys(USERS)) users[who] = await signUp(portal.base, who);
  await portal.stop();

  const db = await openPglite(path.join(dataDir, 'pglite'));
  const seeding = performance.now();
  for (const [who, count] of Object.entries(USERS)) await seedPayments(db, users[who].email, count);
  await db.close();
  console.log(`  seeded ${Object.values(USERS).join(', ')} payments in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  portal = await startPortal({ dataDir, env: { AUTH_RATE_LIMIT_MAX: '10000', RENEWAL_SWEEP_INTERVAL_MS: '0' } });
  const names = Object.keys(USERS);
  for (let i = 0; i < WARMUP; i++) for (const who of names) await firstPage(portal.base, users[who].cookie);
  const times = Object.fromEntries(names.map((who) => [who, []]));
  const answers = {};
  for (let i = 0; i < RUNS; i++) {
    // Rotating which goes first keeps any warm-cache advantage from favouring one of them.
    for (let j = 0; j < names.length; j++) {
      const who = names[(i + j) % names.length];
      answers[who] = await firstPage(portal.base, users[who].cookie);
      times[who].push(answers[who].ms);
    }
  }
  for (const [who, count] of Object.entries(USERS)) {
    if (answers[who].rows !== Math.min(count, PAGE)) throw new Error(`${who}: ${answers[who].rows} rows`);
  }

  const ms = Object.fromEntries(names.map((who) => [who, median(times[who])]));
  figure(`GET /api/payments, ${SMALL} payments: median`, ms.small, 'ms');
  figure(`GET /api/payments, ${PAGE} payments: median`, ms.page, 'ms');
  const timeOk = figure(`GET /api/payments, ${LARGE} payments: median`, ms.large, 'ms', { atMost: Number((ms.page * 1.2 + SLACK_MS).toFixed(2)) });
  figure(`GET /api/payments, ${LARGE} vs ${SMALL} payments: time ratio`, ms.large / ms.small, 'x');
  figure(`GET /api/payments, ${SMALL} payments: bytes`, answers.small.bytes, 'B');
  figure(`GET /api/payments, ${PAGE} payments: bytes`, answers.page.bytes, 'B');
  const bytesOk = figure(`GET /api/payments, ${LARGE} payments: bytes`, answers.large.bytes, 'B', { atMost: Math.ceil(answers.page.bytes * 1.02) });
  ok = timeOk && bytesOk;
} finally {
  await portal?.stop();
  rmSync(work, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
