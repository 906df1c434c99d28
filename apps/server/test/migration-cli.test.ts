import { execFile } from 'node:child_process';
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorToken } from '../src/platform/http/operator.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { buildOldExport, storageUrl } from './migration-helpers.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `npm run portal -- migrate ...` as the operator would (without npm), against the running portal. */
function portalMigrate(args: string[], env: Record<string, string>) {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !['DATABASE_URL', 'OPERATOR_TOKEN', 'PORT', 'DATA_DIR', 'INIT_CWD'].includes(k),
    ),
  );
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/portal.ts', 'migrate', ...args],
      { cwd: serverDir, env: { ...base, LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let ctx: TestContext;
let env: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  operatorToken(ctx.config);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  env = { PORT: String((ctx.app.server.address() as { port: number }).port), DATA_DIR: ctx.config.DATA_DIR };
});
afterAll(async () => ctx.close());

describe('npm run portal -- migrate', () => {
  it('dry-runs, refuses a bad export naming each record, then migrates and a second run is all unchanged', async () => {
    const old = await buildOldExport('cli', new Date());
    // A file of a few hundred KB (a PNG with trailing bytes), so that the progress shows bytes.
    appendFileSync(path.join(old.bucket, old.ids.files.chatImage), Buffer.alloc(300_000, 1));
    const dir = mkdtempSync(path.join(tmpdir(), 'old-export-'));
    const write = (name: string, value: unknown) => {
      writeFileSync(path.join(dir, name), JSON.stringify(value));
      return path.join(dir, name);
    };
    const args = [
      '--database',
      write('export.json', old.database),
      '--auth',
      write('users.json', old.auth),
      '--hash-config',
      write('hash.json', old.hashConfig),
      '--files',
      old.bucket,
    ];

    const dry = await portalMigrate([...args, '--dry-run'], env);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^Dry run \(nothing was changed\):/);
    expect(dry.stdout).toMatch(/UserSubscriptions\s+4 new, 0 updated, 0 unchanged, 0 refused/);

    const noHash = await portalMigrate(args.slice(0, 4).concat(['--files', old.bucket]), env);
    expect(noHash.code).toBe(1);
    expect(noHash.stderr).toContain(
      '(auth)/users/anncli/passwordHash: a password hash without the hash parameters',
    );

    const first = await portalMigrate(args, env);
    expect(first.code).toBe(0);
    // The running portal streams its progress; without a terminal the CLI prints lines, the end of each stage too.
    const progress = first.stderr.trimEnd().split('\n');
    expect(progress.every((l) => /^(files \d\/4, \d\.\d MB of 0\.3 MB|records \d+\/\d+)$/.test(l))).toBe(true);
    expect(progress).toContain('files 4/4, 0.3 MB of 0.3 MB');
    expect(progress.at(-1)).toMatch(/^records (\d+)\/\1$/);
    expect(first.stdout).toMatch(/Users\s+2 new/);
    expect(first.stdout).toMatch(/Files: 4 copied/);
    const second = await portalMigrate(args, env);
    expect(second.code).toBe(0);
    expect(second.stdout).not.toMatch(/[1-9]\d* new|[1-9]\d* updated/);
    expect(second.stdout).toMatch(/Files: 0 copied \(0\.0 MB\), 4 already there/);
  }, 180_000);

  it('refuses hash parameters scrypt cannot compute, a salt that is not base64 and an unsafe storage key, naming each', async () => {
    const old = await buildOldExport('cli2', new Date());
    const { ann, chat, files } = old.ids;
    const dir = mkdtempSync(path.join(tmpdir(), 'old-export-'));
    const write = (name: string, value: unknown) => {
      writeFileSync(path.join(dir, name), JSON.stringify(value));
      return path.join(dir, name);
    };
    const database = structuredClone(old.database) as Record<string, Record<string, Record<string, unknown>>>;
    const climbing = `chat_images/${chat}/../../${files.profile}`;
    (database.Chats![chat]!.m2 as Record<string, unknown>).Image = storageUrl(climbing);
    const users = old.auth.users.map((u, i) => (i === 0 ? { ...u, salt: 'c2Fsd$A=' } : u));
    const res = await portalMigrate(
      [
        '--database',
        write('export.json', database),
        '--auth',
        write('users.json', { users }),
        '--hash-config',
        write('hash.json', { ...old.hashConfig, mem_cost: 20, rounds: 16 }),
        '--files',
        old.bucket,
      ],
      env,
    );
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      '(hash config): mem_cost 20 with rounds 16 needs 2049 MiB for each check, more than the 64 MiB allowed',
    );
    expect(res.stderr).toContain('(auth)/users/0/salt: is not base64');
    expect(res.stderr).toContain(`Chats/${chat}/m2: file "${climbing}" is not a storage key the portal takes`);
    expect(await ctx.database.sql.query('SELECT id FROM users WHERE id = $1', [ann])).toEqual([]);
  }, 60_000);
});
