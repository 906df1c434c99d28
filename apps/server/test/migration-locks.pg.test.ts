import { copyFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../src/cli/seed-scale.ts';
import { SEEDED_TABLES } from '../src/cli/scale-seed-statements.ts';
import { migrationsDir } from '../src/platform/db/migrate.ts';
import { migrationScratch, type MigrationTarget } from './migration-scratch.ts';

// Issue 25, point 5: each migration applied to a seeded database, and how long it holds each lock that stops the
// seeded tables' writes. The seed writes today's columns, so the files up to the first schema that has them all are
// applied to the empty database; every file after it runs on the seeded rows, one at a time, as on a live database.
// MIGRATION_LOCK_CUSTOMERS sets the size (20,000 customers: 240,000 payments, 160,000 messages).
const SEEDED_AFTER = '0361_chat_ratings.sql';
// Files up to this one ran before launch, on tables with no production rows (decision 0065): their figures are
// shown, not held to the budget. Every later file is.
const PRE_LAUNCH_THROUGH = '0442_project_stage_days.sql';
const CUSTOMERS = Number(process.env.MIGRATION_LOCK_CUSTOMERS ?? 20_000);
/** How long a file may stop the writes of a seeded table at this size. */
const BUDGET_MS = 250;
/** The table lock modes a row write (RowExclusiveLock) waits for. */
const BLOCKS_WRITES = new Set(['ShareLock', 'ShareRowExclusiveLock', 'ExclusiveLock', 'AccessExclusiveLock']);
const POLL_MS = 5;

const scratch = migrationScratch('test_migration_locks', process.env.TEST_DATABASE_URL!);

interface HeldLock {
  table: string;
  mode: string;
  /** From the first poll that saw it to the last: 0 means under one poll (5 ms). */
  ms: number;
}

/** Polls pg_locks every 5 ms for the table locks granted to other connections on `schema`'s tables. */
function watchLocks(client: pg.Client, schema: string) {
  const seen = new Map<string, { first: number; last: number }>();
  let running = true;
  const polling = (async () => {
    while (running) {
      const { rows } = await client.query<{ table: string; mode: string }>(
        `SELECT c.relname AS table, l.mode FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
         WHERE l.granted AND l.pid <> pg_backend_pid() AND c.relkind = 'r' AND c.relnamespace = $1::regnamespace`,
        [schema],
      );
      const now = performance.now();
      for (const row of rows) {
        const key = `${row.table} ${row.mode}`;
        const entry = seen.get(key);
        if (entry) entry.last = now;
        else seen.set(key, { first: now, last: now });
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  return async (): Promise<HeldLock[]> => {
    running = false;
    await polling;
    return [...seen].map(([key, { first, last }]) => {
      const [table, mode] = key.split(' ') as [string, string];
      return { table, mode, ms: Math.round(last - first) };
    });
  };
}

interface Timed {
  file: string;
  ms: number;
  locks: HeldLock[];
  /** The longest lock that stopped a seeded table's writes, if any. */
  longest: HeldLock | null;
}

let target: MigrationTarget;
let watcher: pg.Client;
const dir = scratch.files();
const migrated: Timed[] = [];

/** Adds `file` (from `source`) to the migrations and applies it, watching the locks it takes. */
async function applyTimed(file: string, source: string): Promise<Timed> {
  copyFileSync(source, path.join(dir, file));
  const stop = watchLocks(watcher, target.schema);
  const started = performance.now();
  expect(await target.migrate(dir)).toEqual([file]);
  const ms = Math.round(performance.now() - started);
  const locks = await stop();
  const blocking = locks.filter((lock) => SEEDED_TABLES.has(lock.table) && BLOCKS_WRITES.has(lock.mode)).sort((a, b) => b.ms - a.ms);
  return { file, ms, locks, longest: blocking[0] ?? null };
}

const overBudget = (timed: Timed[]) => timed.filter((t) => t.file > PRE_LAUNCH_THROUGH && (t.longest?.ms ?? 0) > BUDGET_MS).map((t) => t.file);

const describeLock = (lock: HeldLock | null) => (lock ? `${lock.mode} on ${lock.table}, ${lock.ms} ms` : 'none');

beforeAll(async () => {
  for (const file of readdirSync(migrationsDir).filter((f) => f.endsWith('.sql') && f <= SEEDED_AFTER)) copyFileSync(path.join(migrationsDir, file), path.join(dir, file));
  target = await scratch.open();
  await target.migrate(dir);
  await seedScale(target.database.sql, { customers: CUSTOMERS, audit: CUSTOMERS, seed: 25 }, () => undefined);
  watcher = await scratch.connection(target.schema);
}, 600_000);

afterAll(() => scratch.cleanUp());

describe(`migrations on a database seeded with ${CUSTOMERS.toLocaleString('en-US')} customers`, () => {
  it('each file after the seed applies to the seeded rows, and the longest lock it holds on them is timed', async () => {
    const later = readdirSync(migrationsDir).filter((f) => f.endsWith('.sql') && f > SEEDED_AFTER).sort();
    for (const file of later) migrated.push(await applyTimed(file, path.join(migrationsDir, file)));
    console.log(
      [`Migrations on ${CUSTOMERS.toLocaleString('en-US')} seeded customers: time, and the longest lock that stopped a seeded table's writes`]
        .concat(migrated.map((t) => `  ${t.file.padEnd(44)} ${String(t.ms).padStart(6)} ms   ${describeLock(t.longest)}`))
        .join('\n'),
    );
    expect(migrated.map((t) => t.file)).toEqual(later);
    // What the watch must see: the trigram indexes of 0410, built in the file's transaction before launch, stop
    // every write to users while they are built.
    expect(migrated.find((t) => t.file.startsWith('0410_'))?.locks).toContainEqual(expect.objectContaining({ table: 'users', mode: 'ShareLock' }));
    expect(overBudget(migrated)).toEqual([]);
  }, 600_000);

  it(`holds a later file that stops a seeded table's writes for more than ${BUDGET_MS} ms to the budget, and lets an index built concurrently through`, async () => {
    const sources = scratch.files();
    const write = (file: string, body: string) => (writeFileSync(path.join(sources, file), body), path.join(sources, file));
    const holding = await applyTimed('9990_hold_payments.sql', write('9990_hold_payments.sql', 'LOCK TABLE payments IN ACCESS EXCLUSIVE MODE;\nSELECT pg_sleep(1);\n'));
    expect(holding.longest).toMatchObject({ table: 'payments', mode: 'AccessExclusiveLock' });
    expect(holding.longest!.ms).toBeGreaterThan(BUDGET_MS);
    expect(overBudget([holding])).toEqual(['9990_hold_payments.sql']);

    const plain = await applyTimed('9991_payments_amount_index.sql', write('9991_payments_amount_index.sql', 'CREATE INDEX payments_lock_test_plain_idx ON payments (amount, created_at);\n'));
    const concurrent = await applyTimed(
      '9992_payments_amount_index_concurrently.sql',
      write('9992_payments_amount_index_concurrently.sql', '-- no-transaction\nCREATE INDEX CONCURRENTLY IF NOT EXISTS payments_lock_test_online_idx ON payments (amount, created_at);\n'),
    );
    console.log(`Index on payments (amount, created_at): in a transaction ${plain.ms} ms (${describeLock(plain.longest)}); concurrently ${concurrent.ms} ms (${describeLock(concurrent.longest)})`);
    expect(plain.longest).toMatchObject({ table: 'payments', mode: 'ShareLock' });
    // Built concurrently, the index takes only SHARE UPDATE EXCLUSIVE on payments, which no write waits for.
    expect(concurrent.locks).toContainEqual(expect.objectContaining({ table: 'payments', mode: 'ShareUpdateExclusiveLock' }));
    expect(concurrent.longest).toBeNull();
  }, 600_000);
});
