import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverDir } from '../../server-dir.ts';
import type { SqlClient } from './sql-client.ts';

export const migrationsDir = path.join(serverDir, 'migrations');

export interface MigrationOptions {
  /** Where the SQL files are (tests apply their own). */
  dir?: string;
  /** PostgreSQL: how long a statement may wait for a table's lock before the file is rolled back and tried again. */
  lockTimeoutMs?: number;
  /** How many times a file that timed out waiting for a lock is tried before the start fails. */
  attempts?: number;
}

const LOCK_NOT_AVAILABLE = '55P03';
const isLockTimeout = (error: unknown) => (error as { code?: string } | null)?.code === LOCK_NOT_AVAILABLE;

/**
 * Applies the committed SQL files in name order, each once: on a new database all of them in one transaction (a
 * file's own transaction costs more than most files take), else each new one in its own transaction.
 * An advisory lock keeps two instances starting together from applying the same file twice.
 *
 * On PostgreSQL a file waits at most `lockTimeoutMs` for each lock it takes: an ALTER TABLE queued behind a long
 * transaction would otherwise hold every later read and write of that table behind it while it waits. A file that
 * times out is rolled back (its connection is dropped from the pool with the error) and tried again after a pause
 * (decision 0065).
 */
export async function applyMigrations(
  sql: SqlClient,
  kind: 'pglite' | 'postgres',
  { dir = migrationsDir, lockTimeoutMs = 5000, attempts = 5 }: MigrationOptions = {},
): Promise<string[]> {
  // Under the advisory lock: two instances starting together on a new database would otherwise both create the
  // table, and one of them fail on PostgreSQL's catalogue ("IF NOT EXISTS" does not hold against a concurrent create).
  const createTable = `CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`;
  await sql.exec(kind === 'postgres' ? `BEGIN; SELECT pg_advisory_xact_lock(727274); ${createTable}; COMMIT;` : createTable);
  const done = new Set((await sql.query<{ name: string }>(`SELECT name FROM schema_migrations`)).map((row) => row.name));
  const pending = readdirSync(dir)
    .filter((f) => f.endsWith('.sql') && !done.has(f))
    .sort();
  const batches = done.size === 0 && pending.length > 0 ? [pending] : pending.map((file) => [file]);
  for (const batch of batches) await applyBatch(sql, kind, dir, batch, { lockTimeoutMs, attempts });
  return pending;
}

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Applies files in one transaction, or none of them. When several fail together (one was applied meanwhile by
 * another instance, or one is broken), each still new is applied on its own.
 */
async function applyBatch(sql: SqlClient, kind: 'pglite' | 'postgres', dir: string, files: string[], { lockTimeoutMs, attempts }: Required<Omit<MigrationOptions, 'dir'>>) {
  const lock = kind === 'postgres' ? `SELECT pg_advisory_xact_lock(727274); SET LOCAL lock_timeout = ${Math.round(lockTimeoutMs)};` : '';
  const names = files.map(quoted).join(', ');
  const bodies = files.map((file) => readFileSync(path.join(dir, file), 'utf8')).join('\n;\n');
  for (let attempt = 1; ; attempt++) {
    const outcome = await sql
      .exec(
        `BEGIN; ${lock}
       DO $m$ BEGIN IF EXISTS (SELECT 1 FROM schema_migrations WHERE name IN (${names})) THEN RAISE EXCEPTION 'already applied'; END IF; END $m$;
       ${bodies}
       ;INSERT INTO schema_migrations (name) VALUES (${files.map(quoted).join('), (')}); COMMIT;`,
      )
      .then(() => 'applied' as const)
      .catch(async (error: unknown) => {
        await sql.exec('ROLLBACK').catch(() => undefined);
        // Several files at once: each on its own names the one that failed, or skips one applied meanwhile.
        if (files.length > 1) return 'one by one' as const;
        if (String(error).includes('already applied')) return 'applied' as const;
        if (isLockTimeout(error) && attempt < attempts) return 'wait' as const;
        throw new Error(`Migration ${files[0]} failed: ${String(error)}`);
      });
    if (outcome === 'applied') return;
    if (outcome === 'one by one') {
      const done = new Set((await sql.query<{ name: string }>(`SELECT name FROM schema_migrations`)).map((row) => row.name));
      for (const file of files.filter((f) => !done.has(f))) await applyBatch(sql, kind, dir, [file], { lockTimeoutMs, attempts });
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(lockTimeoutMs, 1000) * attempt));
  }
}
