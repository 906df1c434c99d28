import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { applyMigrations } from './migrate.ts';
import { embedded, pgliteDir } from './backup.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<PgQueryResultHKT, any>;

/** Raw access used by the migrator and the change feed; the two drivers expose the same small surface. */
export interface SqlClient {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}

/** A PostgreSQL connection of its own, for session state such as advisory locks. */
export interface SqlSession {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Called once when the connection is lost (the server has then released the session's locks). */
  onLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

export interface Database {
  db: Db;
  sql: SqlClient;
  kind: 'pglite' | 'postgres';
  /** The connection pool's counts (PostgreSQL); PGlite is one connection in the process and has none. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** PostgreSQL only: a new connection outside the pool. */
  openSession?: () => Promise<SqlSession>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it an embedded PGlite is used. */
  url?: string;
  /** Where PGlite keeps its files; undefined keeps it in memory (tests). */
  dataDir?: string;
  /** Postgres schema to use and create (tests isolate themselves this way). */
  schema?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.url ? await openPostgres(options.url, options.schema) : await openPglite(options.dataDir);
  await applyMigrations(database.sql, database.kind);
  return database;
}

async function openPglite(dataDir?: string): Promise<Database> {
  // Imported here, so that a server on PostgreSQL never loads the embedded database.
  const [PGlite, { drizzle: drizzlePglite }] = await Promise.all([embedded(), import('drizzle-orm/pglite')]);
  let dir: string | undefined;
  if (dataDir) {
    dir = pgliteDir(dataDir);
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir);
  const sql: SqlClient = {
    exec: async (text) => {
      await client.exec(text);
    },
    query: async <T,>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    listen: async (channel, onMessage) => {
      const unsubscribe = await client.listen(channel, onMessage);
      return async () => unsubscribe();
    },
  };
  return { db: drizzlePglite(client) as unknown as Db, sql, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(url: string, schema?: string): Promise<Database> {
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await admin.end();
  }
  const options = schema ? `-c search_path="${schema}"` : undefined;
  const pool = new pg.Pool({ connectionString: url, options, max: 10 });
  const listeners: pg.Client[] = [];
  const sql: SqlClient = {
    exec: async (text) => {
      await pool.query(text);
    },
    query: async <T,>(text: string, params?: unknown[]) =>
      (await pool.query(text, params as unknown[])).rows as T[],
    listen: async (channel, onMessage) => {
      // LISTEN needs a connection of its own that stays open for the life of the process.
      const client = new pg.Client({ connectionString: url, options });
      await client.connect();
      client.on('notification', (n) => {
        if (n.channel === channel && n.payload !== undefined) onMessage(n.payload);
      });
      await client.query(`LISTEN ${channel}`);
      listeners.push(client);
      return async () => {
        await client.end().catch(() => undefined);
      };
    },
  };
  const openSession = async (): Promise<SqlSession> => {
    const client = new pg.Client({ connectionString: url, options });
    let lost: ((error: Error) => void) | null = null;
    let closing = false;
    const fail = (error: Error) => {
      const listener = lost;
      lost = null;
      if (!closing) listener?.(error);
    };
    client.on('error', fail);
    client.on('end', () => fail(new Error('connection ended')));
    await client.connect();
    return {
      query: async <T,>(text: string, params?: unknown[]) => (await client.query(text, params as unknown[])).rows as T[],
      onLost: (listener) => {
        lost = listener;
      },
      close: async () => {
        closing = true;
        await client.end().catch(() => undefined);
      },
    };
  };
  return {
    db: drizzlePg(pool) as unknown as Db,
    sql,
    kind: 'postgres',
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    openSession,
    close: async () => {
      await Promise.all(listeners.map((c) => c.end().catch(() => undefined)));
      await pool.end();
    },
  };
}
