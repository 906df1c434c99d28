import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupEmbeddedDatabase, openEmbedded, restoreEmbeddedDatabase } from '../src/platform/db/backup.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { migrationsDir } from '../src/platform/db/migrate.ts';
import { readdirSync } from 'node:fs';

const newDir = () => mkdtempSync(path.join(tmpdir(), 'portal-backup-'));

describe('backup and restore of the embedded database', () => {
  it('restores a backup into a new data directory with the same data', async () => {
    const original = newDir();
    const first = await openDatabase({ dataDir: original });
    await first.sql.query(`INSERT INTO users (id, name, email, role) VALUES ('u1', 'Backed Up', 'kept@example.com', 'admin')`);
    await first.close();

    const file = path.join(newDir(), 'portal.tar.gz');
    expect(await backupEmbeddedDatabase(original, file)).toBeGreaterThan(0);
    const restoredDir = newDir();
    restoreEmbeddedDatabase(file, restoredDir);

    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      expect(await restored.sql.query('SELECT id, name, email, role FROM users')).toEqual([{ id: 'u1', name: 'Backed Up', email: 'kept@example.com', role: 'admin' }]);
    } finally {
      await restored.close();
    }
  });

  it('never restores over an existing database', async () => {
    const dir = newDir();
    const db = await openDatabase({ dataDir: dir });
    await db.close();
    const file = path.join(newDir(), 'portal.tar.gz');
    await backupEmbeddedDatabase(dir, file);
    expect(() => restoreEmbeddedDatabase(file, dir)).toThrow(/already holds a database/);
  });
});

describe('a new embedded database started from a dump', () => {
  const migrationCount = readdirSync(migrationsDir).filter((file) => file.endsWith('.sql')).length;
  const applied = async (db: Awaited<ReturnType<typeof openDatabase>>) =>
    (await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations'))[0]!.n;

  it('holds the dumped rows, and applies no migration the dump has', async () => {
    const source = await openDatabase({});
    await source.sql.query(`INSERT INTO users (id, name, email, role) VALUES ('u1', 'Dumped', 'dumped@example.com', 'customer')`);
    const dump = await source.dump!();
    await source.close();

    const started = await openDatabase({ startFrom: dump });
    try {
      expect(await started.sql.query('SELECT id, email FROM users')).toEqual([{ id: 'u1', email: 'dumped@example.com' }]);
      expect(await applied(started)).toBe(migrationCount);
    } finally {
      await started.close();
    }
  });

  it('applies the migrations a dump lacks', async () => {
    const empty = await openEmbedded();
    const dump = await empty.dumpDataDir('none');
    await empty.close();

    const started = await openDatabase({ startFrom: dump });
    try {
      expect(await applied(started)).toBe(migrationCount);
      expect(await started.sql.query(`SELECT count(*)::int AS n FROM users`)).toEqual([{ n: 0 }]);
    } finally {
      await started.close();
    }
  });
});
