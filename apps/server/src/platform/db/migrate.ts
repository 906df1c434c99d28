import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverDir } from '../../server-dir.ts';
import type { SqlClient } from './client.ts';

export const migrationsDir = path.join(serverDir, 'migrations');

/**
 * Applies the committed SQL files in name order, each once, each in its own transaction.
 * An advisory lock keeps two instances starting together from applying the same file twice.
 */
export async function applyMigrations(sql: SqlClient, kind: 'pglite' | 'postgres'): Promise<string[]> {
  await sql.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const files = readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const body = readFileSync(path.join(migrationsDir, file), 'utf8');
    const lock = kind === 'postgres' ? 'SELECT pg_advisory_xact_lock(727274);' : '';
    const name = file.replace(/'/g, "''");
    // The insert fails on a duplicate name, rolling back a file another instance applied meanwhile.
    const done = await sql.query(`SELECT 1 FROM schema_migrations WHERE name = $1`, [file]);
    if (done.length > 0) continue;
    await sql.exec(
      `BEGIN; ${lock}
       DO $m$ BEGIN IF EXISTS (SELECT 1 FROM schema_migrations WHERE name = '${name}') THEN RAISE EXCEPTION 'already applied'; END IF; END $m$;
       ${body}
       ;INSERT INTO schema_migrations (name) VALUES ('${name}'); COMMIT;`,
    ).catch(async (error: unknown) => {
      await sql.exec('ROLLBACK').catch(() => undefined);
      if (String(error).includes('already applied')) return;
      throw new Error(`Migration ${file} failed: ${String(error)}`);
    });
    applied.push(file);
  }
  return applied;
}
