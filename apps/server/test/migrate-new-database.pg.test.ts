import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../src/platform/db/client.ts';
import { applyMigrations } from '../src/platform/db/migrate.ts';

// PostgreSQL only: two instances starting together on a new database need two connections.
const url = process.env.TEST_DATABASE_URL!;
const pools: pg.Pool[] = [];
const dirs: string[] = [];
const schemas: string[] = [];

/** A client on a schema of its own, new unless `schema` names one made before. */
async function client(schema = `test_migrate_new_${process.pid}_${schemas.length}`): Promise<{ sql: SqlClient; schema: string }> {
  if (!schemas.includes(schema)) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE; CREATE SCHEMA "${schema}"`);
    await admin.end();
    schemas.push(schema);
  }
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path="${schema}"`, max: 2 });
  pools.push(pool);
  return {
    schema,
    sql: {
      exec: async (text) => void (await pool.query(text)),
      query: async <T,>(text: string, params?: unknown[]) => (await pool.query(text, params as unknown[])).rows as T[],
      listen: () => Promise.reject(new Error('not used')),
    },
  };
}

function files(contents: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
  dirs.push(dir);
  for (const [name, body] of Object.entries(contents)) writeFileSync(path.join(dir, name), body);
  return dir;
}

const THREE = {
  '0001_orders.sql': 'CREATE TABLE orders (id text PRIMARY KEY);',
  '0002_orders_note.sql': 'ALTER TABLE orders ADD COLUMN note text;',
  '0003_orders_index.sql': 'CREATE INDEX orders_note_idx ON orders (note);',
};

afterAll(async () => {
  for (const pool of pools) await pool.end();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await admin.end();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const applied = async (sql: SqlClient) => (await sql.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((r) => r.name);

describe('migrations on a new database', () => {
  it('are applied together, in one transaction, and each recorded', async () => {
    const { sql } = await client();
    const dir = files(THREE);
    expect(await applyMigrations(sql, 'postgres', { dir })).toEqual(Object.keys(THREE));
    expect(await applied(sql)).toEqual(Object.keys(THREE));
    // One transaction: every file's row has the same time.
    expect((await sql.query<{ times: number }>('SELECT count(DISTINCT applied_at)::int AS times FROM schema_migrations'))[0]!.times).toBe(1);
    // A later file is applied on its own.
    writeFileSync(path.join(dir, '0004_orders_total.sql'), 'ALTER TABLE orders ADD COLUMN total integer;');
    expect(await applyMigrations(sql, 'postgres', { dir })).toEqual(['0004_orders_total.sql']);
    expect(await applied(sql)).toHaveLength(4);
  });

  it('name the file that fails, with the files before it applied', async () => {
    const { sql } = await client();
    const dir = files({ ...THREE, '0002_orders_note.sql': 'ALTER TABLE orders ADD COLUMN note nonsense_type;' });
    await expect(applyMigrations(sql, 'postgres', { dir })).rejects.toThrow(/Migration 0002_orders_note\.sql failed/);
    expect(await applied(sql)).toEqual(['0001_orders.sql']);
  });

  it('are applied once when two instances start together', async () => {
    const first = await client();
    const second = await client(first.schema);
    const dir = files(THREE);
    await Promise.all([applyMigrations(first.sql, 'postgres', { dir }), applyMigrations(second.sql, 'postgres', { dir })]);
    expect(await applied(first.sql)).toEqual(Object.keys(THREE));
  });
});
