import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, type Database } from '../src/platform/db/client.ts';
import { applyMigrations, type MigrationOptions } from '../src/platform/db/migrate.ts';

/** A database the migrator is tried on, and `migrate` applying a folder's files to it as a start does. */
export interface MigrationTarget {
  schema: string;
  database: Database;
  migrate(dir: string, options?: Omit<MigrationOptions, 'dir' | 'openSession'>): Promise<string[]>;
}

/**
 * What a migrator test makes: folders of SQL files, and (on PostgreSQL, `url`) schemas of their own with a
 * connection to each; `cleanUp` closes and removes them all.
 */
export function migrationScratch(prefix: string, url?: string) {
  const dirs: string[] = [];
  const schemas: string[] = [];
  const databases: Database[] = [];
  const clients: pg.Client[] = [];
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  return {
    /** A new folder holding `contents` (file name to SQL). */
    files(contents: Record<string, string> = {}) {
      const dir = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
      dirs.push(dir);
      for (const [name, body] of Object.entries(contents)) writeFileSync(path.join(dir, name), body);
      return dir;
    },
    /** A database to migrate: a new schema, or another connection to `schema` made before; PGlite in memory without `url`. */
    async open(schema?: string): Promise<MigrationTarget> {
      if (url && !schema) {
        schema = `${prefix}_${process.pid}_${schemas.length}`;
        await admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE; CREATE SCHEMA "${schema}"`);
        schemas.push(schema);
      }
      const database = await connectDatabase({ url, schema });
      databases.push(database);
      return {
        schema: schema ?? 'public',
        database,
        migrate: (dir, options = {}) => applyMigrations(database.sql, database.kind, { dir, openSession: database.openSession, ...options }),
      };
    },
    /** A connection of its own to `schema`, for a transaction held open across a test. */
    async connection(schema: string) {
      const client = new pg.Client({ connectionString: url, options: `-c search_path="${schema}"` });
      await client.connect();
      clients.push(client);
      return client;
    },
    async cleanUp() {
      for (const client of clients.splice(0)) await client.end().catch(() => undefined);
      for (const database of databases.splice(0)) await database.close();
      if (url) for (const schema of schemas.splice(0)) await admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
