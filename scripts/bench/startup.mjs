// Start and memory of the compiled server, as `npm start` runs it on a built checkout: milliseconds from spawning
// `node dist/main.js` until /readyz answers 200, and the resident memory once it has been idle for 5 seconds.
// Budgets: ready within 2 s on PostgreSQL and 4 s on PGlite (a data directory that exists, as on every start
// but the first); idle RSS at most 150 MB on PostgreSQL. PGlite's RSS is shown, not budgeted: the database
// itself runs inside the process (a WebAssembly Postgres with its own shared buffers and catalog caches).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { startPortal } from './lib/portal.mjs';
import { figure } from './lib/figures.mjs';
import { runAsAdmin } from '../postgres-admin.mjs';

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RUNS = 3;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const admin = (sql) => runAsAdmin(adminUrl, sql);

/** Starts once to create the database or data directory, then RUNS timed starts; the median of each figure. */
async function measure(env, dataDir) {
  await (await startPortal({ dataDir, env })).stop();
  const ready = [];
  const rss = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const portal = await startPortal({ dataDir, env, pollMs: 20 });
    ready.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    rss.push(portal.rssBytes() / (1024 * 1024));
    await portal.stop();
  }
  return { readyMs: Math.round(median(ready)), rssMb: Math.round(median(rss)) };
}

const work = mkdtempSync(path.join(tmpdir(), 'portal-bench-startup-'));
const database = `portal_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
let ok = true;
try {
  await admin(`CREATE DATABASE "${database}"`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
  const onPostgres = await measure({ DATABASE_URL: databaseUrl, DEMO_CONTENT: 'true' }, path.join(work, 'pg'));
  const onPglite = await measure({ DEMO_CONTENT: 'true' }, path.join(work, 'pglite'));
  console.log(`Compiled server, median of ${RUNS} starts:`);
  ok = figure('PostgreSQL: ready (/readyz 200)', onPostgres.readyMs, 'ms', { atMost: 2000 }) && ok;
  ok = figure('PostgreSQL: idle RSS', onPostgres.rssMb, 'MB', { atMost: 150 }) && ok;
  ok = figure('PGlite: ready (/readyz 200)', onPglite.readyMs, 'ms', { atMost: 4000 }) && ok;
  figure('PGlite: idle RSS (the database runs in the process)', onPglite.rssMb, 'MB');
} finally {
  await admin(`DROP DATABASE IF EXISTS "${database}"`).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = ok ? 0 : 1;
