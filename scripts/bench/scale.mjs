// Lists at scale (issue 25 point 2): the same reads on a database of 1,000 customers and on one of 1,000,000 (both
// made by `npm run portal -- seed-scale`), each at 20 keep-alive connections for a few seconds. Customer lists are
// read as a customer with 5,000 payments (their first page and a page 4,000 rows deep); staff lists and searches
// as an admin. Budgets on the large database: every list's p99 at most 50 ms, the overview's at most 200 ms, and
// each read's p99 at most 2x the same read's on the small one.
//
// Seeding a million customers takes minutes: BENCH_SCALE_DATABASE_URL names a database seeded before (with
// seed-scale), read as it is and kept; without it the large database is seeded here and dropped afterwards.
// BENCH_SCALE_CUSTOMERS sets the large size (to try the bench quickly).
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { figure } from './lib/figures.mjs';
import { drive } from './lib/load.mjs';
import { signUp, startPortal } from './lib/portal.mjs';
import { runAsAdmin } from '../postgres-admin.mjs';

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SMALL = 1000;
const LARGE = Number(process.env.BENCH_SCALE_CUSTOMERS ?? 1_000_000);
const PAYMENTS = 5000;
const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 3);
const LIST_P99_MS = 50;
const OVERVIEW_P99_MS = 200;
const RATIO = 2;
const root = path.resolve(import.meta.dirname, '../..');

/** The reads, as [name, path, who reads it]; the deep page's path is found once the customer's payments are in. */
const READS = [
  ['payments, first page', '/api/payments', 'customer'],
  ['payments, 4,000 rows deep', null, 'customer'],
  ['subscriptions', '/api/subscriptions', 'customer'],
  ['cards', '/api/cards', 'customer'],
  ['projects', '/api/projects', 'customer'],
  ['chats', '/api/support/chats', 'customer'],
  ['staff: customers', '/api/staff/customers', 'admin'],
  ['staff: customers by name', '/api/staff/customers?q=okafor', 'admin'],
  ['staff: customers by e-mail', '/api/staff/customers?q=customer-777%40', 'admin'],
  ['staff: customers by phone', '/api/staff/customers?q=555%20123', 'admin'],
  ['staff: inbox', '/api/staff/chats', 'admin'],
  ['staff: audit', '/api/staff/audit', 'admin'],
  ['staff: deletion requests', '/api/staff/deletion-requests', 'admin'],
  ['staff: overview', '/api/staff/overview', 'admin'],
];

const urlOf = (database) => Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();

function seed(databaseUrl, customers) {
  const started = Date.now();
  const run = spawnSync(process.execPath, ['scripts/portal.mjs', 'seed-scale', '--customers', String(customers), '--audit', String(Math.min(100_000, customers))], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'development' },
    stdio: ['ignore', 'inherit', 'ignore'],
  });
  if (run.status !== 0) throw new Error(`seed-scale failed (${run.status})`);
  return (Date.now() - started) / 1000;
}

/** The p99 and errors of every read on the database at `databaseUrl`, after a customer with 5,000 payments is added to it. */
async function measure(label, databaseUrl) {
  const work = mkdtempSync(path.join(tmpdir(), 'portal-bench-scale-'));
  const portal = await startPortal({ dataDir: work, env: { DATABASE_URL: databaseUrl, DEMO_CONTENT: 'false', AUTH_RATE_LIMIT_MAX: '100000', RENEWAL_SWEEP_INTERVAL_MS: '0' } });
  try {
    const admin = await signUp(portal.base, 'scale-admin');
    await runAsAdmin(databaseUrl, `UPDATE users SET role = 'admin', two_factor_enabled = true WHERE id = '${admin.userId}'`);
    const customer = await signUp(portal.base, 'scale-customer');
    await runAsAdmin(
      databaseUrl,
      `INSERT INTO payments (id, user_id, idempotency_key, request_hash, status, purchase_type, service_id, service_title, price, recurring, subtotal, amount, created_at, updated_at)
       SELECT '${customer.userId}-' || n, '${customer.userId}', 'bench-' || n, 'bench', 'Failed', 'New Subscription', 'scale-plan-starter', 'Scale Starter', '29.00', 'month', 2900, 2900,
              now() - n * interval '1 hour', now() - n * interval '1 hour'
         FROM generate_series(1, ${PAYMENTS}) AS n`,
    );
    // The admin's new role reaches every session cache through a notification: wait until it has.
    for (let i = 0; ; i++) {
      if ((await fetch(`${portal.base}/api/staff/chats`, { headers: { cookie: admin.cookie } })).ok) break;
      if (i === 100) throw new Error('the admin cannot read the inbox');
      await sleep(50);
    }
    let deep = '/api/payments?limit=100';
    for (let read = 100; read < 4000; read += 100) {
      const page = await (await fetch(`${portal.base}${deep}`, { headers: { cookie: customer.cookie } })).json();
      deep = `/api/payments?limit=100&cursor=${encodeURIComponent(page.nextCursor)}`;
    }
    deep = deep.replace('limit=100&', '');
    const port = Number(new URL(portal.base).port);
    const p99 = new Map();
    console.log(`${label}: ${CONNECTIONS} connections, ${SECONDS} s a read`);
    for (const [name, readPath, who] of READS) {
      const cookie = who === 'admin' ? admin.cookie : customer.cookie;
      const result = await drive({ port, path: readPath ?? deep, cookie, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 1, serverPid: portal.pid });
      p99.set(name, { p99: result.p99, errors: result.errors });
    }
    return p99;
  } finally {
    await portal.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

const made = [];
const create = async (kind) => {
  const database = `portal_bench_scale_${kind}_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  await runAsAdmin(adminUrl, `CREATE DATABASE "${database}"`);
  made.push(database);
  return urlOf(database);
};

let ok = true;
try {
  const smallUrl = await create('small');
  console.log(`seeded ${SMALL.toLocaleString('en-US')} customers in ${seed(smallUrl, SMALL).toFixed(0)} s`);
  const largeUrl = process.env.BENCH_SCALE_DATABASE_URL ?? (await create('large'));
  if (!process.env.BENCH_SCALE_DATABASE_URL) console.log(`seeded ${LARGE.toLocaleString('en-US')} customers in ${seed(largeUrl, LARGE).toFixed(0)} s`);
  const small = await measure(`${SMALL.toLocaleString('en-US')} customers`, smallUrl);
  const large = await measure(`${process.env.BENCH_SCALE_DATABASE_URL ? 'the seeded database' : `${LARGE.toLocaleString('en-US')} customers`}`, largeUrl);
  for (const [name] of READS) {
    const budget = name === 'staff: overview' ? OVERVIEW_P99_MS : LIST_P99_MS;
    ok = figure(`${name}: p99`, large.get(name).p99, 'ms', { atMost: budget }) && ok;
    ok = figure(`${name}: p99 against 1,000 customers`, Number((large.get(name).p99 / small.get(name).p99).toFixed(2)), 'x', { atMost: RATIO }) && ok;
    // A read slow enough to hold every connection of the pool makes the others wait past its timeout: 503s.
    ok = figure(`${name}: errors`, large.get(name).errors + small.get(name).errors, '', { atMost: 0 }) && ok;
  }
} finally {
  for (const database of made) await runAsAdmin(adminUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
}
process.exit(ok ? 0 : 1);
