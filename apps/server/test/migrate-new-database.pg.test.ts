import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../src/platform/db/client.ts';
import { migrationScratch } from './migration-scratch.ts';

// PostgreSQL only: two instances starting together on a new database need two connections.
const scratch = migrationScratch('test_migrate_new', process.env.TEST_DATABASE_URL!);

const THREE = {
  '0001_orders.sql': 'CREATE TABLE orders (id text PRIMARY KEY);',
  '0002_orders_note.sql': 'ALTER TABLE orders ADD COLUMN note text;',
  '0003_orders_index.sql': 'CREATE INDEX orders_note_idx ON orders (note);',
};

afterAll(() => scratch.cleanUp());

const applied = async (sql: SqlClient) => (await sql.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((r) => r.name);

describe('migrations on a new database', () => {
  it('are applied together, in one transaction, and each recorded', async () => {
    const { database, migrate } = await scratch.open();
    const { sql } = database;
    const dir = scratch.files(THREE);
    expect(await migrate(dir)).toEqual(Object.keys(THREE));
    expect(await applied(sql)).toEqual(Object.keys(THREE));
    // One transaction: every file's row has the same time.
    expect((await sql.query<{ times: number }>('SELECT count(DISTINCT applied_at)::int AS times FROM schema_migrations'))[0]!.times).toBe(1);
    // A later file is applied on its own.
    writeFileSync(path.join(dir, '0004_orders_total.sql'), 'ALTER TABLE orders ADD COLUMN total integer;');
    expect(await migrate(dir)).toEqual(['0004_orders_total.sql']);
    expect(await applied(sql)).toHaveLength(4);
  });

  it('name the file that fails, with the files before it applied', async () => {
    const { database, migrate } = await scratch.open();
    const dir = scratch.files({ ...THREE, '0002_orders_note.sql': 'ALTER TABLE orders ADD COLUMN note nonsense_type;' });
    await expect(migrate(dir)).rejects.toThrow(/Migration 0002_orders_note\.sql failed/);
    expect(await applied(database.sql)).toEqual(['0001_orders.sql']);
  });

  it('are applied once when two instances start together', async () => {
    const first = await scratch.open();
    const second = await scratch.open(first.schema);
    const dir = scratch.files(THREE);
    await Promise.all([first.migrate(dir), second.migrate(dir)]);
    expect(await applied(first.database.sql)).toEqual(Object.keys(THREE));
  });
});
