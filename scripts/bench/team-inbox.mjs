// The team inbox, the audit page and message search on large data (issue 23): a PostgreSQL database of its own with
// 1,000,000 support messages in 100,000 chats of 20,000 customers and 100,000 audit entries, seeded in SQL, then
// each staff read at 4 keep-alive connections for a few seconds, signed in as an admin: a team's staff reading at
// once, each as soon as the last answer came (what one request waits for, not how many a second the machine can
// serve, which api.mjs measures). Budget: every read's p99 at most 50 ms, no errors. The database is dropped
// afterwards.
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
const CUSTOMERS = 20_000;
const CHATS = 100_000;
const MESSAGES = 1_000_000;
const AUDIT_ENTRIES = 100_000;
const CONNECTIONS = Number(process.env.BENCH_INBOX_CONNECTIONS ?? 4);
const SECONDS = Number(process.env.BENCH_INBOX_SECONDS ?? 3);
const P99_BUDGET_MS = 50;

// What customers write; every fifth message has each phrase, each message a number of its own, one in 100 an otter, one in 1,000 a walrus.
const PHRASES = ['my invoice shows the wrong amount', 'the app crashed after login', 'please change the logo colour', 'when will my app launch', 'thanks for the quick help'];

const seed = (staffId) => [
  `INSERT INTO users (id, name, email, email_verified, role, created_at, updated_at)
     SELECT 'bench-u-' || g, 'Customer ' || g, 'customer' || g || '@example.com', true, 'customer', now() - g * interval '1 minute', now()
     FROM generate_series(1, ${CUSTOMERS}) g`,
  `INSERT INTO support_chats (id, user_id, reason, status, created_at, last_activity_at, last_message_text, last_messenger_type, unread_for_support, assignee_id)
     SELECT 'bench-c-' || g, 'bench-u-' || (g % ${CUSTOMERS} + 1), 'Support', CASE WHEN g % 3 = 0 THEN 'CLOSED' ELSE 'OPEN' END,
       now() - g * interval '1 minute', now() - g * interval '10 seconds', 'hello', 'user', g % 2, CASE WHEN g % 4 = 0 THEN '${staffId}' END
     FROM generate_series(1, ${CHATS}) g`,
  `INSERT INTO support_messages (id, chat_id, messenger_type, message_type, text_message, sent_at)
     SELECT 'bench-m-' || g, 'bench-c-' || (g % ${CHATS} + 1), CASE WHEN g % 2 = 0 THEN 'user' ELSE 'support' END, 'text',
       (ARRAY['${PHRASES.join("','")}'])[g % 5 + 1] || ', ticket ' || g || CASE WHEN g % 1000 = 0 THEN ', walrus' WHEN g % 100 = 50 THEN ', otter' ELSE '' END, now() - (${MESSAGES} - g) * interval '10 seconds'
     FROM generate_series(1, ${MESSAGES}) g`,
  `INSERT INTO audit_log (id, actor_id, actor_name, action, entity_type, entity_id, customer_id, after, created_at)
     SELECT 'bench-a-' || g, '${staffId}', 'Bench admin', (ARRAY['chat.reply', 'plan.update', 'payment.refund', 'staff.invite', 'project.update'])[g % 5 + 1],
       'record', 'record-' || g, 'bench-u-' || (g % ${CUSTOMERS} + 1), '{"changed": true}', now() - (${AUDIT_ENTRIES} - g) * interval '1 minute'
     FROM generate_series(1, ${AUDIT_ENTRIES}) g`,
  // As autovacuum would after such a load: the words index's pending entries merged, the statistics read.
  'VACUUM ANALYZE',
];

const READS = [
  ['inbox, all chats', '/api/staff/chats'],
  ['inbox, "Mine"', '/api/staff/chats?assigned=me'],
  ['inbox, "Unassigned"', '/api/staff/chats?assigned=none'],
  ['audit page', '/api/staff/audit'],
  ['audit page, billing changes', '/api/staff/audit?group=billing'],
  ['audit page, one day a week ago', `/api/staff/audit?from=${Date.now() - 8 * 86_400_000}&to=${Date.now() - 7 * 86_400_000}`],
  ['message search, a common word', '/api/staff/messages?words=invoice'],
  ['message search, two words', '/api/staff/messages?words=crashed%20login'],
  ['message search, a word in one message in 100', '/api/staff/messages?words=otter'],
  ['message search, a word in one message in 1,000', '/api/staff/messages?words=walrus'],
  ['message search, a rare word', `/api/staff/messages?words=${MESSAGES - 7}`],
];

const work = mkdtempSync(path.join(tmpdir(), 'portal-bench-inbox-'));
const database = `portal_bench_inbox_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
let ok = true;
let portal;
try {
  await runAsAdmin(adminUrl, `CREATE DATABASE "${database}"`);
  portal = await startPortal({ dataDir: work, env: { DATABASE_URL: databaseUrl, DEMO_CONTENT: 'false', AUTH_RATE_LIMIT_MAX: '10000', RENEWAL_SWEEP_INTERVAL_MS: '0' } });
  const admin = await signUp(portal.base, 'inbox');
  // An admin with a second factor, made in the database: the console's guard asks for both.
  await runAsAdmin(databaseUrl, `UPDATE users SET role = 'admin', two_factor_enabled = true WHERE id = '${admin.userId}'`);
  const started = Date.now();
  for (const statement of seed(admin.userId)) await runAsAdmin(databaseUrl, statement);
  console.log(`seeded ${CUSTOMERS} customers, ${CHATS} chats, ${MESSAGES} messages and ${AUDIT_ENTRIES} audit entries in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${portal.base}/api/staff/chats`, { headers: { cookie: admin.cookie } });
    if (res.ok) break;
    if (i === 99) throw new Error(`the admin cannot read the inbox: ${res.status}`);
    await sleep(50);
  }
  const port = Number(new URL(portal.base).port);
  console.log(`${CONNECTIONS} connections, ${SECONDS} s each, signed in as an admin:`);
  for (const [name, url] of READS) {
    const result = await drive({ port, path: url, cookie: admin.cookie, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 1, serverPid: portal.pid });
    ok = figure(`${name}: p99`, result.p99, 'ms', { atMost: P99_BUDGET_MS }) && ok;
    figure(`${name}: p50`, result.p50, 'ms');
    ok = figure(`${name}: errors`, result.errors, '', { atMost: 0 }) && ok;
  }
} finally {
  await portal?.stop();
  // BENCH_INBOX_KEEP=1 keeps the seeded database to read its plans (named here), and drops nothing.
  if (process.env.BENCH_INBOX_KEEP === '1') console.log(`kept ${databaseUrl}`);
  else await runAsAdmin(adminUrl, `DROP DATABASE IF EXISTS "${database}"`).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
