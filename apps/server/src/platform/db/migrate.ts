import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverDir } from '../../server-dir.ts';
import type { SqlClient, SqlSession } from './sql-client.ts';

export const migrationsDir = path.join(serverDir, 'migrations');

export interface MigrationOptions {
  /** Where the SQL files are (tests apply their own). */
  dir?: string;
  /** PostgreSQL: how long a statement may wait for a table's lock before the file is rolled back and tried again. */
  lockTimeoutMs?: number;
  /** How many times a file that timed out waiting for a lock is tried before the start fails. */
  attempts?: number;
  /** PostgreSQL (required there): a connection of the migrator's own, which holds the migration lock. */
  openSession?: () => Promise<SqlSession>;
}

type Settings = Required<Pick<MigrationOptions, 'lockTimeoutMs' | 'attempts'>> & { kind: 'pglite' | 'postgres' };

const LOCK_NOT_AVAILABLE = '55P03';
const isLockTimeout = (error: unknown) => (error as { code?: string } | null)?.code === LOCK_NOT_AVAILABLE;
const MIGRATION_LOCK = 727274;
/** How often an instance asks again for the migration lock another instance holds. */
const LOCK_POLL_MS = 100;

/** The first line of a file whose statements run one at a time outside a transaction (`CREATE INDEX CONCURRENTLY`). */
const OUTSIDE_TRANSACTION = /^--\s*no-transaction\s*(\r?\n|$)/;
export const runsOutsideTransaction = (body: string) => OUTSIDE_TRANSACTION.test(body);

/**
 * Applies the committed SQL files in name order, each once: on a new database all of them in one transaction (a
 * file's own transaction costs more than most files take), else each new one in its own transaction. A file whose
 * first line is `-- no-transaction` runs its statements one at a time outside any transaction, so that it can build
 * an index `CONCURRENTLY` on a table in use (decision 0065).
 *
 * On PostgreSQL the migrator holds a session advisory lock on a connection of its own for the whole run, so two
 * instances starting together never apply the same file twice. It asks for the lock with `pg_try_advisory_lock`
 * every 100 ms instead of queueing for it: a statement queued for a lock keeps a snapshot open, and
 * `CREATE INDEX CONCURRENTLY` waits for every older snapshot to end, so the waiting instance and the building one
 * would wait for each other.
 *
 * On PostgreSQL a file waits at most `lockTimeoutMs` for each lock it takes: an ALTER TABLE queued behind a long
 * transaction would otherwise hold every later read and write of that table behind it while it waits. A file that
 * times out is rolled back and tried again after a pause.
 */
export async function applyMigrations(
  sql: SqlClient,
  kind: 'pglite' | 'postgres',
  { dir = migrationsDir, lockTimeoutMs = 5000, attempts = 5, openSession }: MigrationOptions = {},
): Promise<string[]> {
  const settings: Settings = { kind, lockTimeoutMs, attempts };
  // PGlite is one connection inside this process: nothing else can apply a file meanwhile.
  if (kind === 'pglite') return applyPending(sql.exec, sql.query, dir, settings);
  if (!openSession) throw new Error('Applying migrations to PostgreSQL needs a connection of its own (openSession).');
  const session = await openSession();
  try {
    while (!(await session.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${MIGRATION_LOCK}) AS locked`))[0]!.locked) {
      await pause(LOCK_POLL_MS);
    }
    return await applyPending(async (text) => void (await session.query(text)), session.query, dir, settings);
  } finally {
    // Closing the connection releases the session's advisory lock, however the run ended.
    await session.close();
  }
}

type Exec = (text: string) => Promise<void>;
type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function applyPending(exec: Exec, query: Query, dir: string, settings: Settings) {
  await exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = new Set((await query<{ name: string }>(`SELECT name FROM schema_migrations`)).map((row) => row.name));
  const pending = readdirSync(dir)
    .filter((f) => f.endsWith('.sql') && !done.has(f))
    .sort();
  const files = pending.map((name) => ({ name, body: readFileSync(path.join(dir, name), 'utf8') }));
  for (const group of groups(files, done.size === 0, settings.kind)) {
    if (group.length === 1 && settings.kind === 'postgres' && runsOutsideTransaction(group[0]!.body)) await applyOutsideTransaction(exec, query, group[0]!, settings);
    else await applyInTransaction(exec, group, settings);
  }
  return pending;
}

interface File {
  name: string;
  body: string;
}

/**
 * The transactions to apply `files` in: on a new database one for each run of files between those that must run
 * outside a transaction; otherwise one per file.
 */
function groups(files: File[], newDatabase: boolean, kind: Settings['kind']): File[][] {
  if (!newDatabase) return files.map((file) => [file]);
  const result: File[][] = [];
  for (const file of files) {
    const alone = kind === 'postgres' && runsOutsideTransaction(file.body);
    const last = result.at(-1);
    if (alone || !last || (kind === 'postgres' && runsOutsideTransaction(last[0]!.body))) result.push([file]);
    else last.push(file);
  }
  return result;
}

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * On PGlite a `-- no-transaction` file runs in a transaction like any other, its statements without `CONCURRENTLY`:
 * PGlite cannot build an index concurrently ("tuple concurrently updated"), and, one connection in the process,
 * has no other reader or writer to let through meanwhile.
 */
const forEmbedded = (body: string) =>
  runsOutsideTransaction(body) ? body.replace(/\b(CREATE\s+(?:UNIQUE\s+)?INDEX|DROP\s+INDEX|REINDEX\s+(?:\([^)]*\)\s*)?(?:INDEX|TABLE))\s+CONCURRENTLY\b/gi, '$1') : body;

/** Applies files in one transaction, or none of them. When several fail together, each is applied on its own. */
async function applyInTransaction(exec: Exec, files: File[], settings: Settings) {
  const lockTimeout = settings.kind === 'postgres' ? `SET LOCAL lock_timeout = ${Math.round(settings.lockTimeoutMs)};` : '';
  const bodies = files.map((file) => (settings.kind === 'pglite' ? forEmbedded(file.body) : file.body)).join('\n;\n');
  for (let attempt = 1; ; attempt++) {
    const outcome = await exec(`BEGIN; ${lockTimeout}\n${bodies}\n;INSERT INTO schema_migrations (name) VALUES (${files.map((f) => quoted(f.name)).join('), (')}); COMMIT;`)
      .then(() => 'applied' as const)
      .catch(async (error: unknown) => {
        await exec('ROLLBACK').catch(() => undefined);
        // Several files at once: each on its own names the one that failed.
        if (files.length > 1) return 'one by one' as const;
        if (isLockTimeout(error) && attempt < settings.attempts) return 'wait' as const;
        throw new Error(`Migration ${files[0]!.name} failed: ${String(error)}`);
      });
    if (outcome === 'applied') return;
    if (outcome === 'one by one') {
      for (const file of files) await applyInTransaction(exec, [file], settings);
      return;
    }
    await pause(Math.min(settings.lockTimeoutMs, 1000) * attempt);
  }
}

/**
 * The statements of a `-- no-transaction` file: each ends with a semicolon at the end of a line. Such a file holds
 * no function bodies (a `$$` is refused), so no semicolon inside a statement ends a line.
 */
export function statementsOf(file: File): string[] {
  if (file.body.includes('$$')) throw new Error(`Migration ${file.name} failed: a -- no-transaction file cannot hold a $$ body; put functions in a file of their own.`);
  return file.body
    .split(/;[ \t]*(?:\r?\n|$)/)
    .filter((statement) => statement.split('\n').some((line) => line.trim() !== '' && !line.trim().startsWith('--')));
}

const CONCURRENT_INDEX = /CREATE\s+(?:UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+(?:IF\s+NOT\s+EXISTS\s+)?("[^"]+"|[A-Za-z_][\w$]*)/i;

/**
 * A `-- no-transaction` file on PostgreSQL: each statement on its own, under the lock timeout, and the file recorded
 * when all have run. A file stopped half way is run again from its start, so each statement must be safe to run
 * twice (`IF NOT EXISTS`). An index build that failed (a lock timeout, a duplicate) leaves an invalid index behind,
 * which `IF NOT EXISTS` would take for done: it is dropped before the build is tried again.
 */
async function applyOutsideTransaction(exec: Exec, query: Query, file: File, settings: Settings) {
  const statements = statementsOf(file);
  for (let attempt = 1; ; attempt++) {
    try {
      await exec(`SET lock_timeout = ${Math.round(settings.lockTimeoutMs)}`);
      for (const statement of statements) {
        const index = CONCURRENT_INDEX.exec(statement)?.[1];
        if (index) {
          const [found] = await query<{ invalid: boolean }>(`SELECT NOT indisvalid AS invalid FROM pg_index WHERE indexrelid = to_regclass($1)`, [index]);
          if (found?.invalid) await exec(`DROP INDEX CONCURRENTLY IF EXISTS ${index}`);
        }
        await exec(statement);
      }
      await exec(`RESET lock_timeout; INSERT INTO schema_migrations (name) VALUES (${quoted(file.name)})`);
      return;
    } catch (error) {
      await exec('RESET lock_timeout').catch(() => undefined);
      if (!(isLockTimeout(error) && attempt < settings.attempts)) throw new Error(`Migration ${file.name} failed: ${String(error)}`);
      await pause(Math.min(settings.lockTimeoutMs, 1000) * attempt);
    }
  }
}
