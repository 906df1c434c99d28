// Signed-in reads against the bare driver doing the same SQL work (lib/bare-server.mjs), back to back, on
// PostgreSQL (a database of its own, dropped afterwards) and on PGlite (the same data directory, opened by one
// process at a time). One customer with one payment, made through the real API; then GET /api/payments and
// GET /api/me at 50 keep-alive connections, each for a few seconds on the portal, then on the anchor.
// Budgets: the portal's requests/s at least 0.70 of the anchor's on PostgreSQL and 0.60 on PGlite (GET
// /api/payments); p99 at most 50 ms on PostgreSQL; no errors anywhere.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { figure } from './lib/figures.mjs';
import { startPortal } from './lib/portal.mjs';
import { firstPlanId, payAndWait, saveCard, signUp } from './lib/customer.mjs';
import { drive } from './lib/load.mjs';
import { runAsAdmin } from '../postgres-admin.mjs';

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 5);
const CONNECTIONS = 50;
const READS = ['/api/payments', '/api/me'];
const BUDGET = { postgres: 0.7, pglite: 0.6 };

const portalEnv = { DEMO_CONTENT: 'true', SQUARE_ENVIRONMENT: 'local', AUTH_RATE_LIMIT_MAX: '10000', RENEWAL_SWEEP_INTERVAL_MS: '0' };

/** The anchor server in a process of its own; resolves to its port and how to stop it. */
async function startBare(env) {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'lib/bare-server.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const [line] = await once(createInterface({ input: child.stdout }), 'line');
  const exited = once(child, 'exit');
  return { port: Number(line), stop: async () => (child.kill('SIGTERM'), await exited) };
}

/** Each read on the portal, then on the anchor, back to back. */
async function measure(kind, { portalEnvFor, bareEnv, dataDir }) {
  const portal = await startPortal({ dataDir, env: { ...portalEnv, ...portalEnvFor } });
  const results = {};
  try {
    const cookie = await signUp(portal.base, 'api');
    await payAndWait(portal.base, cookie, await firstPlanId(portal.base), await saveCard(portal.base, cookie));
    const port = Number(new URL(portal.base).port);
    for (const read of READS) results[read] = { portal: await drive({ port, path: read, cookie, connections: CONNECTIONS, seconds: SECONDS }) };
    // PGlite's files belong to one process at a time: the portal stops before the anchor opens them.
    await portal.stop();
    const bare = await startBare(bareEnv);
    try {
      for (const read of READS) results[read].bare = await drive({ port: bare.port, path: read, cookie, connections: CONNECTIONS, seconds: SECONDS });
    } finally {
      await bare.stop();
    }
  } finally {
    await portal.stop();
  }
  let ok = true;
  console.log(`${kind}: ${CONNECTIONS} connections, ${SECONDS} s each, one customer with one payment`);
  for (const read of READS) {
    const { portal: served, bare } = results[read];
    const ratio = served.rps / bare.rps;
    figure(`${kind}: ${read} portal`, Math.round(served.rps), 'req/s');
    figure(`${kind}: ${read} bare driver, same SQL`, Math.round(bare.rps), 'req/s');
    // The list is the budgeted read; /api/me is shown beside it.
    ok = figure(`${kind}: ${read} portal / bare`, ratio, 'x', read === '/api/payments' ? { atLeast: BUDGET[kind] } : undefined) && ok;
    figure(`${kind}: ${read} portal p50`, served.p50, 'ms');
    ok = figure(`${kind}: ${read} portal p99`, served.p99, 'ms', kind === 'postgres' && read === '/api/payments' ? { atMost: 50 } : undefined) && ok;
    ok = figure(`${kind}: ${read} errors (portal + bare)`, served.errors + bare.errors, '', { atMost: 0 }) && ok;
  }
  return ok;
}

const work = mkdtempSync(path.join(tmpdir(), 'portal-bench-api-'));
const database = `portal_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
let ok = true;
try {
  await runAsAdmin(adminUrl, `CREATE DATABASE "${database}"`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
  ok = (await measure('postgres', { portalEnvFor: { DATABASE_URL: databaseUrl }, bareEnv: { BARE_DATABASE_URL: databaseUrl }, dataDir: path.join(work, 'pg') })) && ok;
  const pgliteData = path.join(work, 'pglite');
  ok = (await measure('pglite', { portalEnvFor: {}, bareEnv: { BARE_PGLITE_DIR: path.join(pgliteData, 'pglite') }, dataDir: pgliteData })) && ok;
} finally {
  await runAsAdmin(adminUrl, `DROP DATABASE IF EXISTS "${database}"`).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
