import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGliteOptions } from '@electric-sql/pglite';
import { unpackDump } from './unpack-dump.ts';

/** Where the embedded database of a data directory lives (the same place openDatabase uses). */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * Opens the embedded database in `dir` (in memory without one) with the extensions the migrations install (pg_trgm,
 * for customer search: migration 0410), which every opening of a portal's database must load, since its indexes
 * call them. The module is loaded here, so that a server on PostgreSQL never loads it.
 */
export async function openEmbedded(dir?: string, options: Omit<PGliteOptions, 'extensions'> = {}) {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  // The options as one object: `create(undefined, options)` would leave them out.
  return PGlite.create({ ...options, dataDir: dir, extensions: { pg_trgm } });
}

/**
 * Writes PGlite's own dump of a data directory's database (a gzipped tar of its files) to `file`. The portal must
 * be stopped: the embedded database belongs to one process at a time.
 */
export async function backupEmbeddedDatabase(dataDir: string, file: string): Promise<number> {
  const dir = pgliteDir(dataDir);
  if (!existsSync(dir)) throw new Error(`No embedded database in ${dataDir}.`);
  const client = await openEmbedded(dir);
  try {
    const dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    writeFileSync(file, dump, { mode: 0o600 });
    return dump.length;
  } finally {
    await client.close();
  }
}

/** Loads a dump made by `backupEmbeddedDatabase` into a data directory that has no database yet. */
export function restoreEmbeddedDatabase(file: string, dataDir: string): void {
  unpackDump(file, pgliteDir(dataDir));
}
