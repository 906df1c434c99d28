import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { statementsOf } from '../src/platform/db/migrate.ts';
import { migrationScratch } from './migration-scratch.ts';

const scratch = migrationScratch('test_migrate_outside');

afterAll(() => scratch.cleanUp());

const INDEX_FILE = '-- no-transaction\nCREATE INDEX CONCURRENTLY IF NOT EXISTS orders_note_idx ON orders (note);\n';

describe('a -- no-transaction migration on PGlite', () => {
  // PGlite cannot build concurrently ("tuple concurrently updated") and has no other connection to let through.
  it('builds its index without CONCURRENTLY, on a new database and on one that has migrations', async () => {
    for (const start of ['new', 'existing'] as const) {
      const { database, migrate } = await scratch.open();
      const dir = scratch.files({ '0001_orders.sql': 'CREATE TABLE orders (id serial PRIMARY KEY, note text);' });
      if (start === 'existing') await migrate(dir);
      writeFileSync(path.join(dir, '0002_orders_note_index.sql'), INDEX_FILE);
      await migrate(dir);
      expect(await database.sql.query(`SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass('orders_note_idx')`)).toEqual([{ valid: true }]);
      expect(await database.sql.query('SELECT name FROM schema_migrations ORDER BY name')).toEqual([{ name: '0001_orders.sql' }, { name: '0002_orders_note_index.sql' }]);
    }
  });
});

describe('the statements of a -- no-transaction file', () => {
  it('end with a semicolon at the end of a line; comments alone are no statement', () => {
    const body = '-- no-transaction\n-- Two indexes.\nCREATE INDEX CONCURRENTLY IF NOT EXISTS a_idx ON t (a);\n\n-- The second:\nCREATE INDEX CONCURRENTLY IF NOT EXISTS b_idx\n  ON t (b);  \n-- the end\n';
    expect(statementsOf({ name: 'f.sql', body }).map((s) => s.replace(/--[^\n]*\n/g, '').trim())).toEqual([
      'CREATE INDEX CONCURRENTLY IF NOT EXISTS a_idx ON t (a)',
      'CREATE INDEX CONCURRENTLY IF NOT EXISTS b_idx\n  ON t (b)',
    ]);
  });
});
