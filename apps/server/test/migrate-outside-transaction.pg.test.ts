import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/client.ts';
import { migrationScratch } from './migration-scratch.ts';

// PostgreSQL only: the point is what other connections can do while an index is built.
const scratch = migrationScratch('test_migrate_outside', process.env.TEST_DATABASE_URL!);

const ORDERS = {
  '0001_orders.sql': 'CREATE TABLE orders (id serial PRIMARY KEY, note text);',
  '0002_orders_rows.sql': "INSERT INTO orders (note) SELECT 'order ' || g FROM generate_series(1, 1000) AS g;",
};
const NOTE_INDEX = {
  '0003_orders_note_index.sql': [
    '-- no-transaction',
    '-- An index on a table in use: built without blocking its writes.',
    'CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_note_idx ON orders (note);',
    '',
  ].join('\n'),
};

const indexState = async (database: Database, name: string) =>
  (await database.sql.query<{ valid: boolean }>(`SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass($1)`, [name]))[0] ?? null;
const applied = async (database: Database) => (await database.sql.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((r) => r.name);

afterAll(() => scratch.cleanUp());

/** A migrated orders table, and a writer whose transaction is open: any index build on orders waits for it. */
async function withWriterInFlight(extra: Record<string, string> = {}) {
  const target = await scratch.open();
  const dir = scratch.files(ORDERS);
  await target.migrate(dir);
  const writer = await scratch.connection(target.schema);
  await writer.query("BEGIN; INSERT INTO orders (note) VALUES ('in flight')");
  for (const [name, body] of Object.entries(extra)) writeFileSync(path.join(dir, name), body);
  return { ...target, dir, writer };
}

describe('a -- no-transaction migration on PostgreSQL', () => {
  it('builds its index concurrently: while the build waits for a writer, other writes go on', async () => {
    const { schema, database, migrate, dir, writer } = await withWriterInFlight(NOTE_INDEX);
    const migrating = migrate(dir);
    // The build has started and waits (its index is there, not yet valid).
    await expect.poll(() => indexState(database, 'orders_note_idx'), { timeout: 4000 }).toEqual({ valid: false });
    // Another customer's write is not queued behind the build: it goes through within 200 ms.
    const other = await scratch.connection(schema);
    await other.query("SET lock_timeout = 200; INSERT INTO orders (note) VALUES ('meanwhile')");
    await writer.query('COMMIT');
    expect(await migrating).toEqual(['0003_orders_note_index.sql']);
    expect(await indexState(database, 'orders_note_idx')).toEqual({ valid: true });
    expect(await applied(database)).toContain('0003_orders_note_index.sql');
  });

  it('in a transaction, the same build would have queued that write behind it', async () => {
    // What the check above guards against: a plain index build in a file's transaction.
    const { schema, migrate, dir, writer } = await withWriterInFlight({ '0003_orders_note_index.sql': 'CREATE INDEX IF NOT EXISTS orders_note_idx ON orders (note);' });
    const migrating = migrate(dir, { lockTimeoutMs: 2000, attempts: 1 });
    const other = await scratch.connection(schema);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(other.query("SET lock_timeout = 200; INSERT INTO orders (note) VALUES ('meanwhile')")).rejects.toThrow(/lock timeout/);
    await writer.query('COMMIT');
    await migrating;
  });

  it('drops the invalid index a timed-out build leaves, and builds it again', async () => {
    const { database, migrate, dir, writer } = await withWriterInFlight(NOTE_INDEX);
    // One try only: the build gives up after 200 ms, leaving its index invalid, and the file is not recorded.
    await expect(migrate(dir, { lockTimeoutMs: 200, attempts: 1 })).rejects.toThrow(/0003_orders_note_index\.sql failed: .*lock timeout/);
    expect(await indexState(database, 'orders_note_idx')).toEqual({ valid: false });
    expect(await applied(database)).not.toContain('0003_orders_note_index.sql');
    // Tried again once the writer is done: `IF NOT EXISTS` alone would have kept the invalid index.
    await writer.query('COMMIT');
    expect(await migrate(dir)).toEqual(['0003_orders_note_index.sql']);
    expect(await indexState(database, 'orders_note_idx')).toEqual({ valid: true });
  });

  it('is applied once, between the transactions of the files around it, when two instances start a new database', async () => {
    const first = await scratch.open();
    const second = await scratch.open(first.schema);
    const dir = scratch.files({ ...ORDERS, ...NOTE_INDEX, '0004_orders_total.sql': 'ALTER TABLE orders ADD COLUMN total integer;' });
    const results = await Promise.all([first.migrate(dir), second.migrate(dir)]);
    // One instance applied all four, the other found nothing left to do.
    expect(results.map((r) => r.length).sort()).toEqual([0, 4]);
    expect(await applied(first.database)).toEqual([...Object.keys(ORDERS), ...Object.keys(NOTE_INDEX), '0004_orders_total.sql']);
    expect(await indexState(first.database, 'orders_note_idx')).toEqual({ valid: true });
    // The files before it share one transaction; it and the file after it came later.
    const times = await first.database.sql.query<{ name: string; batch: number }>(
      'SELECT name, dense_rank() OVER (ORDER BY applied_at)::int AS batch FROM schema_migrations ORDER BY name',
    );
    expect(times.map((t) => t.batch)).toEqual([1, 1, 2, 3]);
  });

  it('refuses a $$ body, whose semicolons would be taken for the ends of statements', async () => {
    const { migrate } = await scratch.open();
    const dir = scratch.files({ ...ORDERS, '0003_function.sql': '-- no-transaction\nCREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;\n' });
    await expect(migrate(dir)).rejects.toThrow(/0003_function\.sql failed: a -- no-transaction file cannot hold a \$\$ body/);
  });
});
