import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../src/platform/db/client.ts';
import { applyMigrations } from '../src/platform/db/migrate.ts';

// PostgreSQL only: PGlite is one connection in the process, where no other transaction can hold a lock.
const url = process.env.TEST_DATABASE_URL!;
const schema = `test_migrate_locks_${process.pid}`;
const options = `-c search_path="${schema}"`;

describe('on PostgreSQL, a migration that waits for a lock', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
  let pool: pg.Pool;
  let sql: SqlClient;
  let holder: pg.Client;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE; CREATE SCHEMA "${schema}"`);
    await admin.end();
    pool = new pg.Pool({ connectionString: url, options, max: 4 });
    pool.on('error', () => undefined);
    sql = {
      exec: async (text) => void (await pool.query(text)),
      query: async <T,>(text: string, params?: unknown[]) => (await pool.query(text, params as unknown[])).rows as T[],
      listen: () => Promise.reject(new Error('not used')),
    };
    writeFileSync(path.join(dir, '0001_orders.sql'), 'CREATE TABLE orders (id text PRIMARY KEY);');
    expect(await applyMigrations(sql, 'postgres', { dir })).toEqual(['0001_orders.sql']);
    writeFileSync(path.join(dir, '0002_orders_note.sql'), 'ALTER TABLE orders ADD COLUMN note text;');
    // A long transaction that has read the table: the ALTER must wait for it.
    holder = new pg.Client({ connectionString: url, options });
    await holder.connect();
    await holder.query('BEGIN; SELECT * FROM orders;');
  });

  afterAll(async () => {
    await holder?.end().catch(() => undefined);
    await pool?.end();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  });

  const columns = async () =>
    (await sql.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'orders' ORDER BY column_name`,
      [schema],
    )).map((c) => c.column_name);

  it('gives up after its lock timeout instead of queuing every read of the table behind it, and leaves nothing applied', async () => {
    const started = Date.now();
    await expect(applyMigrations(sql, 'postgres', { dir, lockTimeoutMs: 200, attempts: 2 })).rejects.toThrow(
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
    expect(await applyMigrations(sql, 'postgres', { dir, lockTimeoutMs: 200, attempts: 5 })).toEqual(['0002_orders_note.sql']);
    await released;
    expect(await columns()).toEqual(['id', 'note']);
  });
});
