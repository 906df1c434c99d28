// Renewals and mail in bulk (issue 25 point 3): a database seeded with `seed-scale`, then BENCH_RENEWALS (100,000)
// active subscriptions renewing in the same minute and three portal instances sweeping them, each with its own
// local Square sandbox and mail catcher on the one database. Two phases:
//   1. reminders: the subscriptions renew in three days; every instance's reminder sweep queues one reminder each,
//      and their mail delivery sends them;
//   2. renewals: the due date is moved to a minute ago; the instances' renewal sweeps charge them, and their
//      mail delivery sends a receipt for each.
// Checked at the end: every subscription charged exactly once (one renewal payment, one sandbox charge), one
// reminder and one receipt delivered for each (the catcher's messages, by Message-ID), the outbox empty.
// Budgets, as ratios to an anchor measured in the same run (single-row write transactions a second on the same
// database over three connections, what the machine's PostgreSQL can do at all): renewals a second, and reminder
// and receipt mails delivered a second, each at least 1/RATIO of the anchor.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { figure } from './lib/figures.mjs';
import { startPortal } from './lib/portal.mjs';
import { runAsAdmin } from '../postgres-admin.mjs';

const pg = createRequire(import.meta.url)('pg');
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COUNT = Number(process.env.BENCH_RENEWALS ?? 100_000);
const INSTANCES = 3;
// Each renewal is a claim, a payment row, a call to the sandbox, the payment's completion, a webhook and a receipt
// queued: dozens of statements. Each mail is rendered, claimed, sent over SMTP, parsed and stored by the catcher.
const RENEWAL_RATIO = 40;
const MAIL_RATIO = 40;
const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'portal-bench-renewals-'));
const database = `portal_bench_renewals_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();

/** Single-row write transactions a second over three connections for three seconds: the anchor. */
async function anchorWritesPerSecond() {
  await runAsAdmin(databaseUrl, 'CREATE TABLE bench_anchor (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now(), note text)');
  const clients = await Promise.all(
    Array.from({ length: INSTANCES }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return client;
    }),
  );
  const until = Date.now() + 3000;
  let writes = 0;
  await Promise.all(
    clients.map(async (client) => {
      while (Date.now() < until) {
        await client.query("INSERT INTO bench_anchor (note) VALUES ('anchor')");
        writes += 1;
      }
    }),
  );
  await Promise.all(clients.map((client) => client.end()));
  await runAsAdmin(databaseUrl, 'DROP TABLE bench_anchor');
  return writes / 3;
}

/** Waits until `done()` answers true, polling; the seconds it took. */
async function timeUntil(label, done, timeoutSeconds) {
  const started = Date.now();
  for (;;) {
    if (await done()) return (Date.now() - started) / 1000;
    if (Date.now() - started > timeoutSeconds * 1000) throw new Error(`${label}: not done after ${timeoutSeconds} s`);
    await sleep(250);
  }
}

const one = async (sql, params) => Number(Object.values((await runAsAdmin(databaseUrl, sql, params))[0])[0]);

let instances = [];
let ok = false;
try {
  await runAsAdmin(adminUrl, `CREATE DATABASE "${database}"`);
  const customers = Math.ceil(COUNT / 1.1);
  console.log(`renewals: seeding ${customers} customers (seed-scale), then ${COUNT} subscriptions renewing together`);
  const seeded = spawnSync(process.execPath, ['scripts/portal.mjs', 'seed-scale', '--customers', String(customers), '--audit', '1000'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'development' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (seeded.status !== 0) throw new Error(`seed-scale failed (${seeded.status})`);

  // The bench's subscriptions: COUNT active ones, their cards known to the local sandbox as cards on file, renewing
  // in three days; every other active subscription renews after the reminder window, so nothing else is sent.
  await runAsAdmin(
    databaseUrl,
    `CREATE TABLE bench_renewals AS
       SELECT s.id AS subscription_id, c.square_card_id, c.customer_id
         FROM subscriptions s JOIN cards c ON c.id = s.card_id
        WHERE s.status = 'ACTIVE' ORDER BY s.id LIMIT ${COUNT}`,
  );
  const chosen = await one('SELECT count(*) FROM bench_renewals');
  if (chosen !== COUNT) throw new Error(`the seed has ${chosen} active subscriptions, not ${COUNT}`);
  // Square names a card on file ccof:…; the seed's ids are plain, which the sandbox would take for a one-time token.
  await runAsAdmin(databaseUrl, `UPDATE cards SET square_card_id = 'ccof:' || square_card_id WHERE square_card_id IN (SELECT square_card_id FROM bench_renewals)`);
  await runAsAdmin(databaseUrl, `UPDATE bench_renewals SET square_card_id = 'ccof:' || square_card_id`);
  // Their owners' Square customers, which a charge with a card on file names.
  await runAsAdmin(
    databaseUrl,
    `INSERT INTO billing_customers (user_id, square_customer_id, default_card_id)
       SELECT DISTINCT ON (c.user_id) c.user_id, c.customer_id, c.id FROM cards c JOIN bench_renewals b ON b.square_card_id = c.square_card_id
     ON CONFLICT DO NOTHING`,
  );
  await runAsAdmin(
    databaseUrl,
    `INSERT INTO square_sandbox_customers (id, body)
       SELECT DISTINCT customer_id, jsonb_build_object('id', customer_id, 'creation_source', 'THIRD_PARTY', 'version', 0) FROM bench_renewals
     ON CONFLICT DO NOTHING`,
  );
  await runAsAdmin(
    databaseUrl,
    `INSERT INTO square_sandbox_cards (id, customer_id, body)
       SELECT DISTINCT square_card_id, customer_id, jsonb_build_object('id', square_card_id, 'card_brand', 'VISA', 'last_4', '1111',
         'exp_month', 12, 'exp_year', extract(year FROM now())::int + 5, 'bin', '411111', 'fingerprint', 'sq-1-' || square_card_id,
         'card_type', 'CREDIT', 'prepaid_type', 'NOT_PREPAID', 'customer_id', customer_id, 'merchant_id', 'MLOCALSANDBOX',
         'enabled', true, 'version', 1)
       FROM bench_renewals
     ON CONFLICT DO NOTHING`,
  );
  await runAsAdmin(databaseUrl, `UPDATE subscriptions SET due_date = now() + interval '20 days', next_renewal_attempt_at = NULL WHERE status = 'ACTIVE'`);
  await runAsAdmin(
    databaseUrl,
    // Started at least two months ago: a subscription started within its reminder notice gets no reminder.
    `UPDATE subscriptions SET due_date = date_trunc('minute', now()) + interval '3 days', billing_anchor_day = extract(day FROM now() + interval '3 days')::int,
        start_date = least(start_date, now() - interval '60 days')
      WHERE id IN (SELECT subscription_id FROM bench_renewals)`,
  );
  await runAsAdmin(databaseUrl, 'ANALYZE');
  const anchor = await anchorWritesPerSecond();

  const env = () => ({
    DATABASE_URL: databaseUrl,
    DEMO_CONTENT: 'false',
    SQUARE_ENVIRONMENT: 'local',
    RENEWAL_SWEEP_INTERVAL_MS: '1000',
    RENEWAL_REMINDER_SWEEP_INTERVAL_MS: '1000',
    MAIL_POLL_INTERVAL_MS: '500',
    LOG_LEVEL: 'error',
    AUTH_SECRET: 'bench-renewals-secret-0123456789-abcdef',
  });
  instances = await Promise.all(Array.from({ length: INSTANCES }, (_, i) => startPortal({ dataDir: path.join(work, `instance-${i}`), env: env() })));

  const outboxLeft = (kind) => one(`SELECT count(*) FROM mail_outbox WHERE kind = $1 AND status <> 'sent'`, [kind]);
  const delivered = (kind) =>
    one(`SELECT count(*) FROM mailbox_messages m JOIN mail_outbox o ON o.message_id = m.message_id WHERE o.kind = $1`, [kind]);

  // Phase 1: reminders.
  const reminderSeconds = await timeUntil(
    'reminders',
    async () => (await one('SELECT count(*) FROM renewal_reminders r JOIN bench_renewals b ON b.subscription_id = r.subscription_id')) === COUNT && (await outboxLeft('renewal-reminder')) === 0,
    3600,
  );

  // Phase 2: renewals, all due a minute ago.
  const [{ at: renewalsFrom }] = await runAsAdmin(databaseUrl, 'SELECT now() AS at');
  // The anchor day moves with the due date: left on the day three days on, each renewal would set the next due date
  // there, within the reminder window, and a second reminder would be right.
  await runAsAdmin(
    databaseUrl,
    `UPDATE subscriptions SET due_date = now() - interval '1 minute', billing_anchor_day = extract(day FROM now() - interval '1 minute')::int
      WHERE id IN (SELECT subscription_id FROM bench_renewals)`,
  );
  const renewed = () =>
    one(
      `SELECT count(*) FROM payments p JOIN bench_renewals b ON b.subscription_id = p.subscription_id WHERE p.purchase_type = 'Renewal' AND p.status = 'Complete' AND p.created_at >= $1`,
      [renewalsFrom],
    );
  const renewalSeconds = await timeUntil('renewals', async () => (await renewed()) >= COUNT, 3600);
  const receiptSeconds = renewalSeconds + (await timeUntil('receipts', async () => (await outboxLeft('receipt')) === 0, 3600));
  // A few more sweeps of every instance, to charge or mail anything twice if they could.
  await sleep(5000);

  const twice = await one(
    `SELECT count(*) FROM (SELECT p.subscription_id FROM payments p JOIN bench_renewals b ON b.subscription_id = p.subscription_id
       WHERE p.purchase_type = 'Renewal' AND p.created_at >= $1 GROUP BY p.subscription_id HAVING count(*) > 1) t`,
    [renewalsFrom],
  );
  const charges = await one(
    `SELECT count(*) FROM square_sandbox_payments sp JOIN payments p ON p.id = sp.reference_id JOIN bench_renewals b ON b.subscription_id = p.subscription_id WHERE p.purchase_type = 'Renewal' AND p.created_at >= $1`,
    [renewalsFrom],
  );
  const reminders = await delivered('renewal-reminder');
  const receipts = await delivered('receipt');
  const duplicates = await one('SELECT count(*) - count(DISTINCT message_id) FROM mailbox_messages');
  const outbox = await one(`SELECT count(*) FROM mail_outbox WHERE status <> 'sent'`);

  console.log(`renewals: ${COUNT} subscriptions on ${INSTANCES} instances, database seeded with ${customers} customers`);
  figure('anchor: single-row write transactions a second (3 connections)', Math.round(anchor), '/s');
  figure('reminders queued and delivered', Math.round(reminderSeconds), 's');
  const renewalRate = COUNT / renewalSeconds;
  const reminderRate = COUNT / reminderSeconds;
  const receiptRate = COUNT / receiptSeconds;
  figure('renewals charged, last one after', Math.round(renewalSeconds), 's');
  figure('receipts delivered, last one after', Math.round(receiptSeconds), 's');
  const checks = [
    figure('renewals a second', Math.round(renewalRate), '/s', { atLeast: Math.ceil(anchor / RENEWAL_RATIO) }),
    figure('reminder mails delivered a second', Math.round(reminderRate), '/s', { atLeast: Math.ceil(anchor / MAIL_RATIO) }),
    figure('receipt mails delivered a second (from the first charge)', Math.round(receiptRate), '/s', { atLeast: Math.ceil(anchor / MAIL_RATIO) }),
    figure('subscriptions charged more than once', twice, '', { atMost: 0 }),
    figure('sandbox charges other than one a subscription', Math.abs(charges - COUNT), '', { atMost: 0 }),
    figure('reminders delivered other than one a subscription', Math.abs(reminders - COUNT), '', { atMost: 0 }),
    figure('receipts delivered other than one a subscription', Math.abs(receipts - COUNT), '', { atMost: 0 }),
    figure('messages delivered twice', duplicates, '', { atMost: 0 }),
    figure('outbox rows not sent at the end', outbox, '', { atMost: 0 }),
  ];
  ok = checks.every(Boolean);
} finally {
  await Promise.all(instances.map((instance) => instance.stop()));
  await runAsAdmin(adminUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch((error) => console.error(error.message));
  rmSync(work, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
