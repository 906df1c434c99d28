import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from '../src/platform/db/backup.ts';
import { openDatabase } from '../src/platform/db/client.ts';

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
    await restoreEmbeddedDatabase(file, restoredDir);

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
    await expect(restoreEmbeddedDatabase(file, dir)).rejects.toThrow(/already holds a database/);
  });
});
