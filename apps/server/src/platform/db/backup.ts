import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the embedded database of a data directory lives (the same place openDatabase uses). */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** The embedded database's module, loaded when one is opened: a server on PostgreSQL never needs it. */
export const embedded = async () => (await import('@electric-sql/pglite')).PGlite;

/**
 * Writes PGlite's own dump of a data directory's database (a gzipped tar of its files) to `file`. The portal must
 * be stopped: the embedded database belongs to one process at a time.
 */
export async function backupEmbeddedDatabase(dataDir: string, file: string): Promise<number> {
  const dir = pgliteDir(dataDir);
  if (!existsSync(dir)) throw new Error(`No embedded database in ${dataDir}.`);
  const client = await (await embedded()).create(dir);
  try {
    const dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    writeFileSync(file, dump, { mode: 0o600 });
    return dump.length;
  } finally {
    await client.close();
  }
}

/** Loads a dump made by `backupEmbeddedDatabase` into a data directory that has no database yet. */
export async function restoreEmbeddedDatabase(file: string, dataDir: string): Promise<void> {
  const dir = pgliteDir(dataDir);
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} already holds a database; restore into a new data directory.`);
  mkdirSync(dir, { recursive: true });
  const client = await (await embedded()).create(dir, { loadDataDir: new Blob([readFileSync(file)]) });
  await client.close();
}
