// PostgreSQL faults under load: three portal instances on a PostgreSQL cluster of this run's own (initdb and pg_ctl
// in a temporary directory, so the machine's shared server is never restarted), a mixed load (reads, checkouts,
// chat messages, live event streams), and meanwhile PostgreSQL restarted, then every backend terminated.
// Checks: every instance is ready again within 5 s of each fault without being restarted; while the database is
// away requests are answered 503 (never another 5xx, never a hang); every accepted payment and message is stored
// once, each completed payment was charged once at Square and has its receipt e-mail; live streams carry events
// again; a sign-out reaches every instance's session cache (its notifications are listened to again).
// Usage: npm run test:faults (FAULTS_PORT, the first of its ports, 3600 by default); CI runs it after the three-instance run.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { firstPlanId, saveCard } from './bench/lib/customer.mjs';
import { signUp } from './bench/lib/portal.mjs';
import { runAsAdmin } from './postgres-admin.mjs';
import { SERVER_ENTRY, serverEnvironment } from './server-process.mjs';

const firstPort = Number(process.env.FAULTS_PORT ?? 3600);
const pgPort = firstPort;
const instancePorts = [firstPort + 1, firstPort + 2, firstPort + 3];
const bases = instancePorts.map((p) => `http://127.0.0.1:${p}`);
const LOAD_SECONDS = 24;
const RECOVERY_BUDGET_MS = 5000;
const REQUEST_TIMEOUT_MS = 10_000;
const CUSTOMERS = 6;

const work = mkdtempSync(path.join(tmpdir(), 'portal-faults-'));
const pgData = path.join(work, 'pg');
const adminUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/portal`;
const results = [];
const check = (name, ok, detail = '') => {
  results.push(ok);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
};

// ---- PostgreSQL of this run's own ----
// The newest PostgreSQL whose server programs Debian's packages installed (the machine's own PostgreSQL).
const binDir = path.join('/usr/lib/postgresql', readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))[0], 'bin');
// initdb and the server refuse to run as root: as the postgres user when this runs as root.
const asPostgres = (command, args) =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', path.join(binDir, command), ...args]] : [path.join(binDir, command), args];
function pg(command, args) {
  const [cmd, all] = asPostgres(command, args);
  const r = spawnSync(cmd, all, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
}
const pgCtl = (...args) =>
  pg('pg_ctl', ['-D', pgData, '-l', path.join(work, 'postgres.log'), '-w', '-o', `-p ${pgPort} -k ${work} -c listen_addresses=127.0.0.1`, ...args]);

if (process.getuid?.() === 0) {
  // The postgres user's ids, from /etc/passwd: the cluster's folder must be theirs.
  const [, , uid, gid] = readFileSync('/etc/passwd', 'utf8').split('\n').find((line) => line.startsWith('postgres:')).split(':');
  chownSync(work, Number(uid), Number(gid));
}
pg('initdb', ['-D', pgData, '-A', 'trust', '-U', 'postgres', '--no-sync']);
pgCtl('start');
await runAsAdmin(adminUrl, 'CREATE DATABASE portal');
const query = (sql, params) => runAsAdmin(databaseUrl, sql, params);

// ---- three instances ----
const build = spawnSync(process.execPath, ['build.mjs'], { cwd: 'apps/server', stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
const instances = instancePorts.map((port) =>
  spawn(process.execPath, [SERVER_ENTRY], {
    cwd: 'apps/server',
    stdio: ['ignore', ...Array(2).fill(openSync(path.join(work, `instance-${port}.log`), 'w'))],
    env: {
      ...serverEnvironment(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: bases[0],
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(work, 'data'),
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'database-faults-secret-0123456789-abcdef',
      AUTH_RATE_LIMIT_MAX: '10000',
      SESSION_CACHE_MS: '600000',
      RENEWAL_SWEEP_INTERVAL_MS: '500',
      MAIL_POLL_INTERVAL_MS: '200',
    },
  }),
);
/** The instance's pool connections by state, from its /metrics (loopback), to tell why it was not ready. */
const poolState = (base) =>
  fetch(`${base}/metrics`, { signal: AbortSignal.timeout(2000) })
    .then((r) => r.text())
    .then((text) => text.split('\n').filter((line) => line.startsWith('portal_db_pool_connections')).join(', '), (error) => String(error));
const ready = (base) => fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
async function waitReady(base, budgetMs) {
  const started = Date.now();
  while (Date.now() - started < budgetMs) {
    if (await ready(base)) return Date.now() - started <= budgetMs ? Date.now() - started : null;
    await sleep(50);
  }
  return null;
}

let failed = false;
try {
  // The first instance applies the migrations; the others wait for it.
  for (const base of bases) if ((await waitReady(base, 120_000)) === null) throw new Error(`${base} did not start`);

  // ---- customers, each with a card and a chat ----
  const planIds = await fetch(`${bases[0]}/api/plans`).then((r) => r.json()).then((d) => (Array.isArray(d) ? d : d.plans).map((p) => p.id));
  const customers = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    // Set up through the first instance, the address PUBLIC_URL names (the portal refuses other origins).
    const { cookie, userId } = await signUp(bases[0], `faults${i}`);
    const cardId = await saveCard(bases[0], cookie);
    const base = bases[i % 3];
    const chat = await send(base, cookie, 'POST', '/api/support/chats', { initialMessage: `first words of ${i}` });
    customers.push({ i, cookie, userId, cardId, chatId: (await chat.json()).chatId, base });
  }
  if (planIds.length === 0 || (await firstPlanId(bases[0])) !== planIds[0]) throw new Error('no plan on sale');

  // ---- the load ----
  const statuses = new Map();
  let hangs = 0;
  const accepted = { messages: [], payments: [] };
  let request = 0;
  const nextBase = () => bases[request++ % 3];
  async function send(base, cookie, method, url, body) {
    return fetch(`${base}${url}`, {
      method,
      headers: { origin: bases[0], cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  }
  async function counted(method, url, cookie, body) {
    try {
      const res = await send(nextBase(), cookie, method, url, body);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      return res;
    } catch (error) {
      if (error?.name === 'TimeoutError') hangs += 1;
      else statuses.set('network', (statuses.get('network') ?? 0) + 1);
      return null;
    }
  }

  // Live streams: one per customer, opened again a moment after it ends, as EventSource does.
  const streams = customers.map((c) => ({ events: 0, stop: false, customer: c }));
  const streamed = streams.map(async (s) => {
    while (!s.stop) {
      try {
        const res = await fetch(`${bases[s.customer.i % 3]}/api/events`, { headers: { cookie: s.customer.cookie } });
        if (res.ok && res.body) {
          const decoder = new TextDecoder();
          for await (const chunk of res.body) {
            s.events += (decoder.decode(chunk, { stream: true }).match(/^data:/gm) ?? []).length;
            if (s.stop) break;
          }
        }
      } catch {
        // The instance ended the stream (its database went away) or refused it: open it again.
      }
      if (!s.stop) await sleep(300);
    }
  });

  const loadEnds = Date.now() + LOAD_SECONDS * 1000;
  const workers = customers.map(async (c) => {
    let n = 0;
    // One checkout per plan, at its own moment in the load, sent again with its key after a 503 or a lost answer.
    const checkouts = planIds.slice(0, 2).map((planId, k) => ({ planId, at: Date.now() + (3 + c.i * 2.5 + k * 9) * 1000, key: randomUUID().replace(/-/g, '') }));
    while (Date.now() < loadEnds) {
      n += 1;
      await counted('GET', '/api/payments', c.cookie);
      const text = `load ${c.i}-${n}-${randomUUID().slice(0, 6)}`;
      const sent = await counted('POST', `/api/support/chats/${c.chatId}/messages`, c.cookie, { messageType: 'text', textMessage: text });
      if (sent?.ok) accepted.messages.push({ chatId: c.chatId, text });
      const due = checkouts.find((k) => !k.done && Date.now() >= k.at);
      if (due) {
        const res = await counted('POST', '/api/checkout', c.cookie, { planId: due.planId, cardId: c.cardId, idempotencyKey: due.key });
        if (res?.ok) {
          due.done = true;
          accepted.payments.push({ customer: c, id: (await res.json()).id });
        } else if (res && res.status !== 503 && res.status < 500) {
          due.done = true;
          console.log(`checkout refused: ${res.status} ${await res.text()}`);
        }
      }
      await sleep(100);
    }
  });

  // ---- the faults ----
  await sleep(6000);
  console.log('restarting PostgreSQL (pg_ctl restart -m fast)');
  pgCtl('restart', '-m', 'fast');
  const afterRestart = await Promise.all(bases.map((b) => waitReady(b, RECOVERY_BUDGET_MS)));
  check('every instance ready again within 5 s of the restart', afterRestart.every((t) => t !== null), `${afterRestart.map((t) => (t === null ? 'not ready' : `${t} ms`)).join(', ')}`);
  for (const [k, t] of afterRestart.entries()) if (t === null) console.log(`${bases[k]} pool: ${await poolState(bases[k])}`);

  await sleep(6000);
  console.log('terminating every backend of the database');
  await runAsAdmin(adminUrl, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = 'portal'`);
  const afterTerminate = await Promise.all(bases.map((b) => waitReady(b, RECOVERY_BUDGET_MS)));
  check('every instance ready again within 5 s of its connections ending', afterTerminate.every((t) => t !== null), `${afterTerminate.map((t) => (t === null ? 'not ready' : `${t} ms`)).join(', ')}`);
  for (const [k, t] of afterTerminate.entries()) if (t === null) console.log(`${bases[k]} pool: ${await poolState(bases[k])}`);

  await Promise.all(workers);
  const unexpected = [...statuses].filter(([status]) => status === 'network' || (status >= 500 && status !== 503));
  check('no answer but 2xx, 4xx or 503 while the database was away, and no hang', unexpected.length === 0 && hangs === 0, `${JSON.stringify(Object.fromEntries(statuses))}, hangs ${hangs}`);

  // ---- nothing lost, nothing twice ----
  // A checkout whose charge the outage interrupted stays Pending until the pending-payment sweep takes it up again
  // (30 s after it was made, once its processing lease has run out): wait for that, two minutes at most.
  for (let i = 0; i < 600; i++) {
    const rows = await query(`SELECT count(*)::int AS n FROM payments WHERE status = 'Pending' AND user_id = ANY($1)`, [customers.map((c) => c.userId)]);
    if (rows[0].n === 0) break;
    await sleep(200);
  }
  const stored = await query(`SELECT chat_id, text_message, count(*)::int AS n FROM support_messages WHERE chat_id = ANY($1) GROUP BY chat_id, text_message`, [customers.map((c) => c.chatId)]);
  const storedCount = new Map(stored.map((r) => [`${r.chat_id}|${r.text_message}`, r.n]));
  const lostMessages = accepted.messages.filter((m) => storedCount.get(`${m.chatId}|${m.text}`) !== 1);
  check('every accepted chat message stored, once', lostMessages.length === 0 && accepted.messages.length > 0, `${accepted.messages.length} accepted, ${lostMessages.length} missing or doubled`);

  const payments = await query(`SELECT id, user_id, status, failure_reason FROM payments WHERE user_id = ANY($1)`, [customers.map((c) => c.userId)]);
  const byId = new Map(payments.map((p) => [p.id, p]));
  const lostPayments = accepted.payments.filter((p) => byId.get(p.id)?.status !== 'Complete');
  check('every accepted checkout stored and completed', lostPayments.length === 0 && accepted.payments.length > 0, `${accepted.payments.length} accepted, ${lostPayments.length} missing or not completed${lostPayments.length ? ` (${lostPayments.map((p) => `${byId.get(p.id)?.status ?? 'missing'}: ${byId.get(p.id)?.failure_reason ?? ''}`).join('; ')})` : ''}`);
  const complete = payments.filter((p) => p.status === 'Complete');
  const charges = await query(`SELECT reference_id, count(*)::int AS n FROM square_sandbox_payments WHERE reference_id = ANY($1) GROUP BY reference_id`, [complete.map((p) => p.id)]);
  check('each completed payment charged once at Square', charges.length === complete.length && charges.every((c) => c.n === 1), `${complete.length} completed, ${charges.length} charged, ${charges.filter((c) => c.n > 1).length} twice`);
  // A receipt is queued after its payment commits (decision 0074): one whose request lost its connection in between
  // stays due, and the pending sweep mails it once it has been due 30 s. So the wait is up to 45 s, not a few.
  let receipts = [];
  for (let i = 0; i < 225; i++) {
    receipts = await query(`SELECT user_id, count(*)::int AS n FROM mail_outbox WHERE kind = 'receipt' AND user_id = ANY($1) GROUP BY user_id`, [customers.map((c) => c.userId)]);
    const mailed = receipts.reduce((sum, r) => sum + r.n, 0);
    if (mailed >= complete.length) break;
    await sleep(200);
  }
  const mailedCount = receipts.reduce((sum, r) => sum + r.n, 0);
  check('each completed payment has its one receipt e-mail in the outbox', mailedCount === complete.length, `${complete.length} completed, ${mailedCount} receipts`);

  // ---- live streams and the session cache, after the faults ----
  const before = streams.map((s) => s.events);
  for (const c of customers) await send(c.base, c.cookie, 'POST', `/api/support/chats/${c.chatId}/messages`, { messageType: 'text', textMessage: `after the faults ${c.i}` });
  await sleep(3000);
  const quiet = streams.filter((s, k) => s.events <= before[k]).length;
  check('every live stream carries events again', quiet === 0, `${streams.length - quiet} of ${streams.length}`);
  for (const s of streams) s.stop = true;

  const leaving = customers[0];
  const cached = await Promise.all(bases.map((b) => send(b, leaving.cookie, 'GET', '/api/payments').then((r) => r.status)));
  await send(bases[0], leaving.cookie, 'POST', '/api/auth/sign-out', {});
  let refusedEverywhere = false;
  for (let i = 0; i < 40 && !refusedEverywhere; i++) {
    const after = await Promise.all(bases.map((b) => send(b, leaving.cookie, 'GET', '/api/payments').then((r) => r.status)));
    refusedEverywhere = after.every((s) => s === 401);
    if (!refusedEverywhere) await sleep(50);
  }
  check('a sign-out reaches every instance\'s session cache at once', cached.every((s) => s === 200) && refusedEverywhere);
  await Promise.race([Promise.all(streamed), sleep(5000)]);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  for (const child of instances) child.kill('SIGTERM');
  await Promise.all(instances.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null)));
  try {
    pgCtl('stop', '-m', 'fast');
  } catch (error) {
    console.error(String(error));
  }
  if (!failed && results.every(Boolean)) rmSync(work, { recursive: true, force: true });
  else console.log(`Logs kept in ${work}`);
}
const passed = results.filter(Boolean).length;
console.log(`database faults: ${passed} passed, ${results.length - passed + (failed ? 1 : 0)} failed`);
process.exit(failed || passed !== results.length ? 1 : 0);
