import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase, type SqlClient } from '../platform/db/client.ts';
import { auditStatement, batchStatements, finishStatements, SCALE_STAFF_ID, setupStatements } from './scale-seed-statements.ts';
import type { CliCommand } from './command.ts';

const USAGE = 'Usage: npm run portal -- seed-scale [--customers 1000000] [--audit 100000] [--seed 25]';
const BATCH = 50_000;

const wholeNumber = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined) return fallback;
  if (!/^\d{1,8}$/.test(value) || Number(value) < 1) throw new Error(`--${name} must be a whole number from 1 to 99999999.`);
  return Number(value);
};

/**
 * `seed-scale`: a database as large as a grown company's (issue 25), for the scale figures of `npm run bench`:
 * 1,000,000 customers by default with their cards, subscriptions, payments, projects and chats over three years,
 * and 100,000 audit entries, the same for the same seed. PostgreSQL only, never in production, and only once into
 * a database (its rows are named `scale-…`).
 */
export const seedScaleCommand: CliCommand = {
  usage: 'seed-scale [--customers n] [--audit n] [--seed n]',
  summary: 'Fill a PostgreSQL database with a million customers and their history, for the scale figures (not in production)',
  async run(args) {
    let customers: number;
    let audit: number;
    let seed: number;
    try {
      const { values } = parseArgs({ args, options: { customers: { type: 'string' }, audit: { type: 'string' }, seed: { type: 'string' } } });
      customers = wholeNumber(values.customers, 1_000_000, 'customers');
      audit = wholeNumber(values.audit, 100_000, 'audit');
      seed = wholeNumber(values.seed, 25, 'seed');
    } catch (error) {
      console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
      return 2;
    }
    // Before the settings are read: production's own checks must not be what stops it.
    if (process.env.NODE_ENV === 'production') return (console.error('seed-scale makes invented customers: it never runs in production.'), 2);
    const config = loadConfig();
    if (!config.DATABASE_URL) return (console.error('seed-scale fills PostgreSQL: set DATABASE_URL to an empty database.'), 2);
    const database = await openDatabase({ url: config.DATABASE_URL });
    try {
      const outcome = await seedScale(database.sql, { customers, audit, seed }, (line) => console.error(line));
      if (outcome === 'seeded already') return (console.error('This database is seeded already: seed-scale runs once into a database.'), 2);
      console.log(outcome);
      return 0;
    } finally {
      await database.close();
    }
  },
};

/** Seeds `sql`'s database (see `seedScaleCommand`) and says what it holds, or that it was seeded before. */
export async function seedScale(sql: SqlClient, { customers, audit, seed }: { customers: number; audit: number; seed: number }, progress: (line: string) => void) {
  if ((await sql.query(`SELECT 1 FROM users WHERE id = '${SCALE_STAFF_ID}'`)).length > 0) return 'seeded already' as const;
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(0);
  const [counter] = await sql.query<{ value: string }>(`SELECT coalesce(max(receipt_number), 0)::text AS value FROM payments`);
  const receiptBase = Number(counter?.value ?? 0);
  for (const statement of setupStatements()) await sql.exec(statement);
  for (let from = 1; from <= customers; from += BATCH) {
    const to = Math.min(customers, from + BATCH - 1);
    for (const { sql: statement } of batchStatements(seed, from, to, receiptBase)) await sql.exec(statement);
    progress(`customers ${to.toLocaleString('en-US')} of ${customers.toLocaleString('en-US')} (${seconds()} s)`);
  }
  await sql.exec(auditStatement(seed, audit, customers));
  for (const statement of finishStatements()) await sql.exec(statement);
  const counts = await sql.query<{ name: string; rows: string }>(
    `SELECT 'users' AS name, count(*)::text AS rows FROM users UNION ALL SELECT 'subscriptions', count(*)::text FROM subscriptions
     UNION ALL SELECT 'payments', count(*)::text FROM payments UNION ALL SELECT 'support_messages', count(*)::text FROM support_messages
     UNION ALL SELECT 'audit_log', count(*)::text FROM audit_log`,
  );
  return `Seeded in ${seconds()} s (seed ${seed}): ${counts.map((c) => `${Number(c.rows).toLocaleString('en-US')} ${c.name}`).join(', ')}.`;
}
