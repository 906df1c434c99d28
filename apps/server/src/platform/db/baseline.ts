import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { serverDir } from '../../server-dir.ts';
import { migrationsDir } from './migrate.ts';
import { unpackDump } from './unpack-dump.ts';

/**
 * A new embedded database's first start used to spend seconds in PGlite's initdb and in applying every migration.
 * The build writes a baseline instead (`writeBaseline`): the data directory of a new database with every migration
 * applied, as PGlite dumps it, and beside it what it was made of: PGlite's version and each migration file's SHA-256.
 * A first start on an empty data directory unpacks it (`placeBaseline`) when the PGlite installed made it and each
 * migration in it is still the same file; the migrations added since are applied after it, as on any start.
 */
export const baselineFile = path.join(serverDir, 'dist', 'pglite-baseline.tar.gz');

interface BaselineMade {
  pglite: string;
  migrations: Record<string, string>;
  /** The dump file's own SHA-256: a build writing a new baseline meanwhile never pairs one file with another's. */
  dump: string;
}

const madeOfFile = (file: string) => `${file}.json`;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Writes under another name first, so that a start reading the file meanwhile sees the old one or the new one. */
function writeWhole(file: string, bytes: Buffer | string) {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
}

/** The installed PGlite's version: a baseline from another may not be a data directory it can open. */
export function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Each migration file's SHA-256, by name. */
export function migrationHashes(dir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.sql'))) {
    hashes[name] = sha256(readFileSync(path.join(dir, name)));
  }
  return hashes;
}

/** Writes the dump of a new database that has every migration of `migrations`, and what it was made of. */
export async function writeBaseline(dump: Blob, file = baselineFile, migrations = migrationsDir): Promise<void> {
  const bytes = Buffer.from(await dump.arrayBuffer());
  const made: BaselineMade = { pglite: pgliteVersion(), migrations: migrationHashes(migrations), dump: sha256(bytes) };
  writeWhole(file, bytes);
  writeWhole(madeOfFile(file), `${JSON.stringify(made, null, 2)}\n`);
}

/**
 * Why `file` cannot start a database whose migrations are in `migrations`, or null when it can: it is missing, made
 * by another PGlite, not the dump its description was written with, or holds a migration that is no longer the same
 * file (changed, renamed or removed).
 */
export function baselineRefusal(file = baselineFile, migrations = migrationsDir): string | null {
  return readBaseline(file, migrations).refusal;
}

function readBaseline(file: string, migrations: string): { refusal: string; bytes?: never } | { refusal: null; bytes: Buffer } {
  if (!existsSync(file) || !existsSync(madeOfFile(file))) return { refusal: 'no baseline has been built' };
  const made = JSON.parse(readFileSync(madeOfFile(file), 'utf8')) as BaselineMade;
  if (made.pglite !== pgliteVersion()) return { refusal: `the baseline was made by PGlite ${made.pglite}` };
  const now = migrationHashes(migrations);
  const changed = Object.keys(made.migrations).find((name) => now[name] !== made.migrations[name]);
  if (changed) return { refusal: `migration ${changed} is not the file the baseline was made from` };
  const bytes = readFileSync(file);
  return sha256(bytes) === made.dump ? { refusal: null, bytes } : { refusal: 'the baseline is not the dump its description names' };
}

/**
 * Makes an empty `dir` a database from the baseline and says whether it did; a directory that already holds
 * anything is left as it is, as is every directory when the baseline cannot serve (`baselineRefusal`).
 */
export function placeBaseline(dir: string, file = baselineFile, migrations = migrationsDir): boolean {
  if (existsSync(dir) && readdirSync(dir).length > 0) return false;
  const baseline = readBaseline(file, migrations);
  if (baseline.refusal !== null) return false;
  unpackDump(baseline.bytes, dir);
  return true;
}
