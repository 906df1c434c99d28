// Start and memory of the compiled server, as `npm start` runs it on a built checkout: milliseconds from spawning
// `node dist/main.js` until /readyz answers 200, and the resident memory once it has been idle for 5 seconds.
// The anchor is a Fastify hello world started the same way in the same run (node, Fastify, one route): what any
// server of ours costs on this machine. Budgets: ready within 3x the hello world on PostgreSQL, and within 8x on
// PGlite (4 s where the hello world takes 0.5 s), both on every start (the database exists) and on the first (an
// empty data directory: every migration applied); idle RSS at most 150 MB on PostgreSQL. PGlite's RSS is shown,
// not budgeted: the database itself runs inside the process (a WebAssembly Postgres with its own shared buffers and
// catalog caches). With BENCH_SCALE_DATABASE_URL (a database seeded by `npm run portal -- seed-scale`), the start
// on it is measured and budgeted too.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { startPortal } from './lib/portal.mjs';
import { figure } from './lib/figures.mjs';
import { runAsAdmin } from '../postgres-admin.mjs';

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seededUrl = process.env.BENCH_SCALE_DATABASE_URL;
const RUNS = 3;
const POSTGRES_RATIO = 3;
const PGLITE_RATIO = 8;
const root = path.resolve(import.meta.dirname, '../..');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const admin = (sql) => runAsAdmin(adminUrl, sql);

const HELLO_WORLD = `
const app = require('fastify')();
app.get('/readyz', async () => ({ ok: true }));
app.listen({ port: 0, host: '127.0.0.1' }).then(() => process.send(app.server.address().port));
`;

/** Milliseconds from spawning a Fastify hello world until its /readyz answers 200: the median of RUNS. */
async function helloWorldMs() {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const child = spawn(process.execPath, ['-e', HELLO_WORLD], { cwd: path.join(root, 'apps/server'), stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const port = await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', () => reject(new Error('the hello world did not start')));
    });
    while (!(await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false))) await sleep(20);
    times.push(performance.now() - started);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  return Math.round(median(times));
}

/** One start until ready, its milliseconds and the RSS after 5 s idle. */
async function start(env, dataDir) {
  const started = performance.now();
  const portal = await startPortal({ dataDir, env, pollMs: 20 });
  const readyMs = performance.now() - started;
  await sleep(5000);
  const rssMb = portal.rssBytes() / (1024 * 1024);
  await portal.stop();
  return { readyMs, rssMb };
}

/** `fresh(i)` gives a new database each call ({ env, dataDir }): RUNS first starts on new ones, then RUNS on the last. */
async function measure(fresh) {
  const first = [];
  let server;
  for (let i = 0; i < RUNS; i++) {
    server = await fresh(i);
    first.push((await start(server.env, server.dataDir)).readyMs);
  }
  const again = [];
  for (let i = 0; i < RUNS; i++) again.push(await start(server.env, server.dataDir));
  return {
    firstMs: Math.round(median(first)),
    readyMs: Math.round(median(again.map((run) => run.readyMs))),
    rssMb: Math.round(median(again.map((run) => run.rssMb))),
  };
}

const work = mkdtempSync(path.join(tmpdir(), 'portal-bench-startup-'));
const databases = [];
const urlOf = (database) => Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
let ok = true;
try {
  const hello = await helloWorldMs();
  const onPostgres = await measure(async (i) => {
    const database = `portal_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await admin(`CREATE DATABASE "${database}"`);
    databases.push(database);
    return { env: { DATABASE_URL: urlOf(database), DEMO_CONTENT: 'true' }, dataDir: path.join(work, `pg-${i}`) };
  });
  const onPglite = await measure(async (i) => ({ env: { DEMO_CONTENT: 'true' }, dataDir: path.join(work, `pglite-${i}`) }));
  const ratio = (ms) => Number((ms / hello).toFixed(2));
  console.log(`Compiled server, median of ${RUNS} starts:`);
  figure('Fastify hello world: ready (the anchor)', hello, 'ms');
  ok = figure('PostgreSQL: ready, against the hello world', ratio(onPostgres.readyMs), 'x', { atMost: POSTGRES_RATIO }) && ok;
  figure('PostgreSQL: ready', onPostgres.readyMs, 'ms');
  ok = figure('PostgreSQL: first start on a new database, against the hello world', ratio(onPostgres.firstMs), 'x', { atMost: POSTGRES_RATIO }) && ok;
  figure('PostgreSQL: first start on a new database', onPostgres.firstMs, 'ms');
  ok = figure('PostgreSQL: idle RSS', onPostgres.rssMb, 'MB', { atMost: 150 }) && ok;
  ok = figure('PGlite: ready, against the hello world', ratio(onPglite.readyMs), 'x', { atMost: PGLITE_RATIO }) && ok;
  figure('PGlite: ready', onPglite.readyMs, 'ms');
  ok = figure('PGlite: first start on an empty data directory, against the hello world', ratio(onPglite.firstMs), 'x', { atMost: PGLITE_RATIO }) && ok;
  figure('PGlite: first start on an empty data directory', onPglite.firstMs, 'ms');
  figure('PGlite: idle RSS (the database runs in the process)', onPglite.rssMb, 'MB');
  if (seededUrl) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await start({ DATABASE_URL: seededUrl, DEMO_CONTENT: 'false' }, path.join(work, 'seeded')));
    const seededMs = Math.round(median(runs.map((run) => run.readyMs)));
    ok = figure('PostgreSQL with the seeded database: ready, against the hello world', ratio(seededMs), 'x', { atMost: POSTGRES_RATIO }) && ok;
    figure('PostgreSQL with the seeded database: ready', seededMs, 'ms');
  }
} finally {
  for (const database of databases) await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = ok ? 0 : 1;
