import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { applyMigrations } from './migrate.ts';
import { openEmbedded, pgliteDir } from './backup.ts';
import { baselineFile, placeBaseline } from './baseline.ts';
import type { SqlClient, SqlSession } from './sql-client.ts';

export type { SqlClient, SqlSession } from './sql-client.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<PgQueryResultHKT, any>;

export interface Database {
  db: Db;
  sql: SqlClient;
  kind: 'pglite' | 'postgres';
  /** The connection pool's counts (PostgreSQL); PGlite is one connection in the process and has none. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** PostgreSQL only: a new connection outside the pool. */
  openSession?: () => Promise<SqlSession>;
  /** PGlite only: its data directory as one file (a tar, gzipped if asked), which `startFrom` takes. */
  dump?: (compression?: 'none' | 'gzip') => Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it an embedded PGlite is used. */
  url?: string;
  /** Where PGlite keeps its files; undefined keeps it in memory (tests). */
  dataDir?: string;
  /** Postgres schema to use and create (tests isolate themselves this way). */
  schema?: string;
  /**
   * PGlite only: a dump of a data directory (`dumpDataDir`) that a new database starts from instead of an empty
   * cluster; the migrations it lacks are applied after it. Tests start from one with every migration applied.
   */
  startFrom?: Blob;
  /** PGlite with a `dataDir`: the baseline a new data directory starts from (`baseline.ts`; the build's by default). */
  baseline?: string;
  /** Where the SQL files are (tests apply their own). */
  migrations?: string;
}

/** Opens the database without applying the migrations (tests that apply files of their own). */
export const connectDatabase = (options: DatabaseOptions): Promise<Database> => (options.url ? openPostgres(options.url, options.schema) : openPglite(options));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = await connectDatabase(options);
  await applyMigrations(database.sql, database.kind, { dir: options.migrations, openSession: database.openSession });
  return database;
}

async function openPglite({ dataDir, startFrom, baseline = baselineFile, migrations }: DatabaseOptions): Promise<Database> {
  let dir: string | undefined;
  if (dataDir) {
    dir = pgliteDir(dataDir);
    // A new data directory starts from the build's baseline when it can, instead of initdb and every migration.
    if (!startFrom) placeBaseline(dir, baseline, migrations);
    mkdirSync(dir, { recursive: true });
  }
  // Imported here, so that a server on PostgreSQL never loads the embedded database.
  const [{ drizzle: drizzlePglite }, client] = await Promise.all([import('drizzle-orm/pglite'), openEmbedded(dir, { loadDataDir: startFrom })]);
  const sql: SqlClient = {
    exec: async (text) => {
      await client.exec(text);
    },
    query: async <T,>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    listen: async (channel, onMessage) => {
      // The plain name: PGlite's one schema is public, where portal_channel(name) is the name itself (migration 0420).
      const unsubscribe = await client.listen(channel, onMessage);
      return async () => unsubscribe();
    },
  };
  return {
    db: drizzlePglite(client) as unknown as Db,
    sql,
    kind: 'pglite',
    dump: (compression = 'none') => client.dumpDataDir(compression),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, schema?: string): Promise<Database> {
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await admin.end();
  }
  const options = schema ? `-c search_path="${schema}"` : undefined;
  // A request waits at most 5 s for a connection: with the database away it is answered 503 instead of hanging.
  const pool = new pg.Pool({ connectionString: url, options, max: 10, connectionTimeoutMillis: 5000 });
  // An idle pooled connection that the server ends (a restart, pg_terminate_backend) is dropped by the pool; without
  // a listener its error would end the process.
  pool.on('error', () => undefined);
  // A connection the server ends while it is checked out (inside a transaction, between its queries) emits 'error'
  // on its client, which the pool listens to only while the client is idle: unheard, it would end the process. The
  // query in flight fails with it all the same, and the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // Each LISTEN connection names its schema, so that an operator (or a test) can tell them apart in pg_stat_activity.
  const listenerName = `portal-listen${schema ? `:${schema}` : ''}`;
  const stopListeners: Array<() => Promise<void>> = [];
  const sql: SqlClient = {
    exec: async (text) => {
      await pool.query(text);
    },
    query: async <T,>(text: string, params?: unknown[]) =>
      (await pool.query(text, params as unknown[])).rows as T[],
    listen: async (channel, onMessage, onConnection) => {
      const stop = await listenWithReconnect(
        () => new pg.Client({ connectionString: url, options, application_name: listenerName }),
        channel,
        onMessage,
        onConnection,
      );
      stopListeners.push(stop);
      return stop;
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
      await Promise.all(stopListeners.map((stop) => stop()));
      await pool.end();
    },
  };
}

/** The first wait before connecting again after a LISTEN connection is lost; each failed attempt doubles it. */
const LISTEN_RETRY_FIRST_MS = 200;
// At most 2 s, so that notifications are listened to again within a few seconds of the database's return.
const LISTEN_RETRY_MAX_MS = 2000;

/**
 * A LISTEN connection of its own that stays open for the life of the process: when the server ends it (a restart,
 * a failover, pg_terminate_backend) it is opened again with back-off, and `onConnection` hears of the loss and of
 * the return, so that whoever relies on the notifications stops trusting what they built on them meanwhile.
 */
async function listenWithReconnect(
  newClient: () => pg.Client,
  channel: string,
  onMessage: (payload: string) => void,
  onConnection?: (connected: boolean) => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let wait = LISTEN_RETRY_FIRST_MS;

  const lost = (client: pg.Client) => {
    if (client !== current || stopped) return;
    current = undefined;
    client.end().catch(() => undefined);
    onConnection?.(false);
    scheduleReconnect();
  };
  const connect = async () => {
    const client = newClient();
    // The channel's name in this connection's schema (migration 0420), asked once connected.
    let named: string | undefined;
    client.on('notification', (n) => {
      if (n.channel === named && n.payload !== undefined) onMessage(n.payload);
    });
    // Registered before connecting: an unhandled 'error' event would end the process.
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      const [row] = (await client.query<{ name: string }>('SELECT portal_channel($1) AS name', [channel])).rows;
      named = row!.name;
      await client.query(`LISTEN "${named.replace(/"/g, '""')}"`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) return void (await client.end().catch(() => undefined));
    current = client;
    wait = LISTEN_RETRY_FIRST_MS;
  };
  const scheduleReconnect = () => {
    retry = setTimeout(() => {
      connect().then(
        () => current && onConnection?.(true),
        () => {
          wait = Math.min(wait * 2, LISTEN_RETRY_MAX_MS);
          if (!stopped) scheduleReconnect();
        },
      );
    }, wait);
    retry.unref();
  };

  // The first connection fails the start: a server that cannot listen does not come up.
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}
