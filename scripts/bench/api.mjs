// Signed-in reads against the bare driver doing the same SQL work (lib/bare-server.mjs), back to back, on
// PostgreSQL (a database of its own, dropped afterwards) and on PGlite (the same data directory, opened by one
// process at a time). One customer with one payment, made through the real API; then GET /api/payments and
// GET /api/me at 50 keep-alive connections, each for a few seconds on the portal, then on the anchor, after a pass
// of every read that is not counted. Server CPU per request is shown beside requests/s: it moves less with load.
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
const WARMUP_SECONDS = 2;
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
  return { port: Number(line), pid: child.pid, stop: async () => (child.kill('SIGTERM'), await exited) };
}

/**
 * Each read at 50 connections on one server: every read once first, not counted, so that neither the first read
 * nor the first server pays for compiling the code on its path (the process's CPU counts the compiler's threads).
 */
async function driveReads(port, cookie, serverPid) {
  for (const read of READS) await drive({ port, path: read, cookie, connections: CONNECTIONS, seconds: WARMUP_SECONDS, warmupSeconds: 0 });
  const results = {};
  for (const read of READS) results[read] = await drive({ port, path: read, cookie, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 0, serverPid });
  return results;
}

/** Each read on the portal, then on the anchor, back to back. */
async function measure(kind, { portalEnvFor, bareEnv, dataDir }) {
  const portal = await startPortal({ dataDir, env: { ...portalEnv, ...portalEnvFor } });
  let served;
  let bare;
  try {
    const cookie = await signUp(portal.base, 'api');
    await payAndWait(portal.base, cookie, await firstPlanId(portal.base), await saveCard(portal.base, cookie));
    const port = Number(new URL(portal.base).port);
    served = await driveReads(port, cookie, portal.pid);
    // PGlite's files belong to one process at a time: the portal stops before the anchor opens them.
    await portal.stop();
    const anchor = await startBare(bareEnv);
    try {
      bare = await driveReads(anchor.port, cookie, anchor.pid);
    } finally {
      await anchor.stop();
    }
  } finally {
    await portal.stop();
  }
  let ok = true;
  console.log(`${kind}: ${CONNECTIONS} connections, ${SECONDS} s each, one customer with one payment`);
  for (const read of READS) {
    const [portal, anchor] = [served[read], bare[read]];
    const ratio = portal.rps / anchor.rps;
    figure(`${kind}: ${read} portal`, Math.round(portal.rps), 'req/s');
    figure(`${kind}: ${read} bare driver, same SQL`, Math.round(anchor.rps), 'req/s');
    // The list is the budgeted read; /api/me is shown beside it.
    ok = figure(`${kind}: ${read} portal / bare`, ratio, 'x', read === '/api/payments' ? { atLeast: BUDGET[kind] } : undefined) && ok;
    figure(`${kind}: ${read} portal p50`, portal.p50, 'ms');
    // CPU per request depends less on what else the machine runs than requests per second do.
    figure(`${kind}: ${read} server CPU per request, portal / bare`, portal.cpuMsPerRequest / anchor.cpuMsPerRequest, 'x');
    figure(`${kind}: ${read} portal CPU per request`, portal.cpuMsPerRequest, 'ms');
    ok = figure(`${kind}: ${read} portal p99`, portal.p99, 'ms', kind === 'postgres' && read === '/api/payments' ? { atMost: 50 } : undefined) && ok;
    figure(`${kind}: ${read} bare p99 (how loaded the machine is)`, anchor.p99, 'ms');
    ok = figure(`${kind}: ${read} errors (portal + bare)`, portal.errors + anchor.errors, '', { atMost: 0 }) && ok;
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
