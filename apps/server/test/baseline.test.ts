import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { baselineRefusal, placeBaseline, writeBaseline } from '../src/platform/db/baseline.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { migrationsDir } from '../src/platform/db/migrate.ts';
import { unpackDump } from '../src/platform/db/unpack-dump.ts';
import { migratedTemplate } from './helpers.ts';

const newDir = () => mkdtempSync(path.join(tmpdir(), 'portal-baseline-'));
const migrationCount = readdirSync(migrationsDir).filter((file) => file.endsWith('.sql')).length;

/** The migrations of this checkout in a folder of their own, which a test may change. */
function copyOfMigrations(): string {
  const dir = path.join(newDir(), 'migrations');
  cpSync(migrationsDir, dir, { recursive: true });
  return dir;
}

describe('a new embedded database starts from the build baseline', () => {
  let baseline: string;
  let made: Date;

  beforeAll(async () => {
    // A baseline with a row of its own, so that a database that holds the row was started from it.
    const source = await openDatabase({ startFrom: await migratedTemplate() });
    await source.sql.query(`INSERT INTO users (id, name, email, role) VALUES ('from-baseline', 'Baseline', 'baseline@example.com', 'customer')`);
    baseline = path.join(newDir(), 'pglite-baseline.tar.gz');
    await writeBaseline(await source.dump!('gzip'), baseline);
    await source.close();
    made = new Date();
  });

  const open = (dataDir: string, migrations?: string) => openDatabase({ dataDir, baseline, migrations });

  it('unpacks it into an empty data directory and applies no migration the baseline has', async () => {
    const database = await open(newDir());
    try {
      expect(await database.sql.query('SELECT id FROM users')).toEqual([{ id: 'from-baseline' }]);
      const applied = await database.sql.query<{ n: number; last: Date }>('SELECT count(*)::int AS n, max(applied_at) AS last FROM schema_migrations');
      expect(applied[0]!.n).toBe(migrationCount);
      expect(new Date(applied[0]!.last).getTime()).toBeLessThanOrEqual(made.getTime());
    } finally {
      await database.close();
    }
  });

  it('applies the migrations added since the baseline was made', async () => {
    const migrations = copyOfMigrations();
    writeFileSync(path.join(migrations, '9999_after_the_baseline.sql'), 'CREATE TABLE after_the_baseline (id int PRIMARY KEY);');
    expect(baselineRefusal(baseline, migrations)).toBeNull();
    const database = await open(newDir(), migrations);
    try {
      expect(await database.sql.query('SELECT id FROM users')).toEqual([{ id: 'from-baseline' }]);
      expect(await database.sql.query(`SELECT count(*)::int AS n FROM schema_migrations WHERE name = '9999_after_the_baseline.sql'`)).toEqual([{ n: 1 }]);
      expect(await database.sql.query('SELECT count(*)::int AS n FROM after_the_baseline')).toEqual([{ n: 0 }]);
    } finally {
      await database.close();
    }
  });

  it('is refused when a migration it holds is no longer the same file, or another PGlite made it', () => {
    const changed = copyOfMigrations();
    const first = readdirSync(changed).filter((file) => file.endsWith('.sql')).sort()[0]!;
    writeFileSync(path.join(changed, first), `${readFileSync(path.join(changed, first), 'utf8')}\n-- changed`);
    expect(baselineRefusal(baseline, changed)).toBe(`migration ${first} is not the file the baseline was made from`);
    expect(placeBaseline(path.join(newDir(), 'pglite'), baseline, changed)).toBe(false);

    const removed = copyOfMigrations();
    rmSync(path.join(removed, first));
    expect(baselineRefusal(baseline, removed)).toMatch(/is not the file/);

    const otherPglite = path.join(newDir(), 'other.tar.gz');
    cpSync(baseline, otherPglite);
    const madeOf = JSON.parse(readFileSync(`${baseline}.json`, 'utf8')) as { pglite: string };
    writeFileSync(`${otherPglite}.json`, JSON.stringify({ ...madeOf, pglite: '0.0.1' }));
    expect(baselineRefusal(otherPglite)).toBe('the baseline was made by PGlite 0.0.1');
    expect(baselineRefusal(path.join(newDir(), 'missing.tar.gz'))).toBe('no baseline has been built');

    // A build writing a new baseline meanwhile: this description with another dump.
    const otherDump = path.join(newDir(), 'other-dump.tar.gz');
    writeFileSync(otherDump, gzipSync(Buffer.from('another build')));
    cpSync(`${baseline}.json`, `${otherDump}.json`);
    expect(baselineRefusal(otherDump)).toBe('the baseline is not the dump its description names');
    expect(placeBaseline(path.join(newDir(), 'pglite'), otherDump)).toBe(false);
  });

  it('never touches a directory that already holds something', () => {
    const dir = newDir();
    writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    expect(placeBaseline(dir, baseline)).toBe(false);
    expect(readdirSync(dir)).toEqual(['PG_VERSION']);
  });
});

/** A tar archive of the given entries, in the ustar layout PGlite writes. */
function tarOf(entries: Array<{ name: string; body?: string; type?: string }>): Buffer {
  const blocks: Buffer[] = [];
  for (const { name, body = '', type = '0' } of entries) {
    const header = Buffer.alloc(512);
    header.write(name, 0, 100);
    header.write('0000644\0', 100);
    header.write(`${Buffer.byteLength(body).toString(8).padStart(11, '0')}\0`, 124);
    header.write(type, 156);
    header.write('ustar\0', 257);
    blocks.push(header);
    const data = Buffer.alloc(Math.ceil(Buffer.byteLength(body) / 512) * 512);
    data.write(body);
    blocks.push(data);
  }
  return Buffer.concat([...blocks, Buffer.alloc(1024)]);
}

describe('unpacking a dump', () => {
  it('writes its folders and files, gzipped or not', () => {
    for (const gzip of [false, true]) {
      const file = path.join(newDir(), 'dump.tar');
      const tar = tarOf([{ name: '/base', type: '5' }, { name: '/base/1', body: 'page' }, { name: '/PG_VERSION', body: '17\n' }]);
      writeFileSync(file, gzip ? gzipSync(tar) : tar);
      const dir = path.join(newDir(), 'pglite');
      unpackDump(file, dir);
      expect(readFileSync(path.join(dir, 'base', '1'), 'utf8')).toBe('page');
      expect(readFileSync(path.join(dir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    }
  });

  it('refuses a path that leaves the database, and leaves no half database behind', () => {
    const parent = newDir();
    const file = path.join(parent, 'dump.tar');
    writeFileSync(file, tarOf([{ name: '/PG_VERSION', body: '17\n' }, { name: '../escaped', body: 'outside' }]));
    const dir = path.join(parent, 'pglite');
    expect(() => unpackDump(file, dir)).toThrow(/outside its database/);
    expect(existsSync(dir)).toBe(false);
    expect(existsSync(path.join(parent, 'escaped'))).toBe(false);
    expect(readdirSync(parent)).toEqual(['dump.tar']);
  });

  it('never unpacks over a database', () => {
    const dir = newDir();
    mkdirSync(path.join(dir, 'base'));
    const file = path.join(newDir(), 'dump.tar');
    writeFileSync(file, tarOf([{ name: '/PG_VERSION', body: '17\n' }]));
    expect(() => unpackDump(file, dir)).toThrow(/already holds a database/);
  });
});
