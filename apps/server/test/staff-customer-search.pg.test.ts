import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { olderMatches } from '../src/modules/staff/repository.ts';
import { throughBitmaps } from '../src/platform/db/bitmaps.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { createTestApp, type TestContext } from './helpers.ts';

// PostgreSQL only: the customer search's second read (decision 0068) on a table of tens of thousands of customers,
// where reading every account would cost, and the trigram extension, which belongs to the whole database while each
// test file's tables are in a schema of their own (only that schema on the search path).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const planOf = async (text: string) => {
  const edge = { id: 'bulk-1000', keysetKey: '1767225600000000' };
  const query = olderMatches(ctx.app.db, text, edge, 26);
  const rows = await throughBitmaps(ctx.app.db, (tx) => tx.execute(sql`EXPLAIN ${query.getSQL()}`));
  return (rows as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((row) => row['QUERY PLAN']).join('\n');
};

describe('customer search on PostgreSQL', () => {
  it('reads the older customers through the three trigram indexes, never the whole table', async () => {
    await ctx.database.sql.query(
      `INSERT INTO users (id, name, email, phone, role, created_at, updated_at)
       SELECT 'bulk-' || n, (ARRAY['Ada', 'Ben', 'Cleo', 'Dev'])[n % 4 + 1] || ' ' || (ARRAY['Okafor', 'Patel', 'Rossi'])[n % 3 + 1],
         'bulk-customer-' || n || '@example.com', '555 ' || lpad((n * 7919 % 10000000)::text, 7, '0'), 'customer',
         timestamptz '2026-01-01' - n * interval '1 minute', timestamptz '2026-01-01' - n * interval '1 minute'
       FROM generate_series(1, 50000) AS n`,
    );
    await ctx.database.sql.query('ANALYZE users');
    for (const text of ['bulk-customer-777@', '555 123', 'okafor']) {
      const plan = await planOf(text);
      for (const index of ['users_name_trgm_idx', 'users_email_trgm_idx', 'users_phone_trgm_idx']) expect(plan, text).toContain(index);
      expect(plan, text).toContain('BitmapOr');
      expect(plan, text).not.toMatch(/Seq Scan on users/);
    }
  });

  it('makes its indexes whichever schema holds pg_trgm, with only the portal’s schema on the search path', async () => {
    // A database of its own, where the extension was installed before, in a schema named "extensions".
    const name = `portal_trgm_${randomUUID().replace(/-/g, '')}`;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    url.pathname = `/${name}`;
    try {
      const setup = new pg.Client({ connectionString: url.toString() });
      await setup.connect();
      await setup.query('CREATE SCHEMA extensions; CREATE EXTENSION pg_trgm SCHEMA extensions');
      await setup.end();
      const database = await openDatabase({ url: url.toString(), schema: 'portal' });
      try {
        const indexes = await database.sql.query<{ index: string; opclass: string }>(
          `SELECT i.relname AS index, c.opcnamespace::regnamespace::text || '.' || c.opcname AS opclass
             FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_opclass c ON c.oid = x.indclass[0]
            WHERE x.indrelid = 'portal.users'::regclass AND i.relname LIKE '%trgm%' ORDER BY 1`,
        );
        expect(indexes).toEqual(['users_email_trgm_idx', 'users_name_trgm_idx', 'users_phone_trgm_idx'].map((index) => ({ index, opclass: 'extensions.gin_trgm_ops' })));
        const [extension] = await database.sql.query<{ schema: string }>(`SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'pg_trgm'`);
        expect(extension?.schema).toBe('extensions');
      } finally {
        await database.close();
      }
    } finally {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
