import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../src/platform/db/client.ts';
import { migrationScratch, type MigrationTarget } from './migration-scratch.ts';

// PostgreSQL only: PGlite is one connection in the process, where no other transaction can hold a lock.
const scratch = migrationScratch('test_migrate_locks', process.env.TEST_DATABASE_URL!);

describe('on PostgreSQL, a migration that waits for a lock', () => {
  const dir = scratch.files();
  let target: MigrationTarget;
  let schema: string;
  let sql: SqlClient;
  let holder: pg.Client;

  beforeAll(async () => {
    target = await scratch.open();
    ({ schema } = target);
    sql = target.database.sql;
    writeFileSync(path.join(dir, '0001_orders.sql'), 'CREATE TABLE orders (id text PRIMARY KEY);');
    expect(await target.migrate(dir)).toEqual(['0001_orders.sql']);
    writeFileSync(path.join(dir, '0002_orders_note.sql'), 'ALTER TABLE orders ADD COLUMN note text;');
    // A long transaction that has read the table: the ALTER must wait for it.
    holder = await scratch.connection(schema);
    await holder.query('BEGIN; SELECT * FROM orders;');
  });

  afterAll(() => scratch.cleanUp());

  const columns = async () =>
    (await sql.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'orders' ORDER BY column_name`,
      [schema],
    )).map((c) => c.column_name);

  it('gives up after its lock timeout instead of queuing every read of the table behind it, and leaves nothing applied', async () => {
    const started = Date.now();
    await expect(target.migrate(dir, { lockTimeoutMs: 200, attempts: 2 })).rejects.toThrow(
      /0002_orders_note\.sql failed: .*lock timeout/,
    );
    expect(Date.now() - started).toBeLessThan(5000);
    // Reads go on meanwhile, and once the file gave up nothing of it is there.
    expect(await sql.query('SELECT count(*)::int AS n FROM orders')).toEqual([{ n: 0 }]);
    expect(await columns()).toEqual(['id']);
    expect(await sql.query(`SELECT name FROM schema_migrations ORDER BY name`)).toEqual([{ name: '0001_orders.sql' }]);
  });

  it('is tried again, and applied once the long transaction ends', async () => {
    const released = new Promise((resolve) => setTimeout(resolve, 500)).then(() => holder.query('COMMIT'));
    expect(await target.migrate(dir, { lockTimeoutMs: 200, attempts: 5 })).toEqual(['0002_orders_note.sql']);
    await released;
    expect(await columns()).toEqual(['id', 'note']);
  });
});
