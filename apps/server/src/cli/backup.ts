import path from 'node:path';
import { loadConfig } from '../config.ts';
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from '../platform/db/backup.ts';
import type { CliCommand } from './command.ts';

const where = (arg: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);

function embeddedOnly(): string | null {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump and restore it with pg_restore (README, "Backup and restore").');
    return null;
  }
  return config.dataDir;
}

/** `backup <file>`: the embedded database of DATA_DIR, with the portal stopped. */
export const backupCommand: CliCommand = {
  usage: 'backup <file.tar.gz>',
  summary: 'Dump the embedded database of DATA_DIR (stop the portal first)',
  async run(args) {
    if (args.length !== 1) return (console.error('Usage: npm run portal -- backup <file.tar.gz>'), 2);
    const dataDir = embeddedOnly();
    if (!dataDir) return 2;
    const bytes = await backupEmbeddedDatabase(dataDir, where(args[0]!));
    console.log(`Wrote ${bytes} bytes: the database of ${dataDir}. Copy ${path.join(dataDir, 'uploads')} and ${path.join(dataDir, 'auth-secret')} alongside it.`);
    return 0;
  },
};

/** `restore <file>`: into a DATA_DIR with no database yet. */
export const restoreCommand: CliCommand = {
  usage: 'restore <file.tar.gz>',
  summary: 'Load a backup into a new DATA_DIR (no database there yet)',
  async run(args) {
    if (args.length !== 1) return (console.error('Usage: npm run portal -- restore <file.tar.gz>'), 2);
    const dataDir = embeddedOnly();
    if (!dataDir) return 2;
    restoreEmbeddedDatabase(where(args[0]!), dataDir);
    console.log(`Restored the database into ${dataDir}. Start the portal with DATA_DIR=${dataDir}.`);
    return 0;
  },
};
