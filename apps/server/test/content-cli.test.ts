import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoContentFile } from '../src/modules/content/demo.ts';
import { operatorToken } from '../src/platform/http/operator.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { contentCounts, demoContent } from './content-helpers.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = mkdtempSync(path.join(tmpdir(), 'portal-import-'));

/** Runs `npm run portal -- import [--replace] <file>` as the operator would (without npm), with only the given settings. */
function portalImport(file: string, env: Record<string, string>, options: string[] = []) {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !['DATABASE_URL', 'OPERATOR_TOKEN', 'PORT', 'DATA_DIR', 'INIT_CWD'].includes(k),
    ),
  );
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/portal.ts', 'import', ...options, file],
      { cwd: serverDir, env: { ...base, LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  // No OPERATOR_TOKEN: the CLI must find the token the portal wrote under its DATA_DIR.
  ctx = await createTestApp();
  operatorToken(ctx.config); // as main.ts does at start
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(async () => ctx.close());

// Each test runs the command through tsx, which compiles it as it starts: several seconds a run, more on a busy machine.
describe('npm run portal -- import', { timeout: 90_000 }, () => {
  it('hands the file to the running portal, prints what it imported, and a re-import changes nothing', async () => {
    const env = { PORT: String(port), DATA_DIR: ctx.config.DATA_DIR };
    const first = await portalImport(demoContentFile, env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Imported .*content\.json:/);
    expect(first.stdout).toMatch(/Services\s+4 new, 0 updated, 0 unchanged/);
    expect(first.stdout).toMatch(/Guides\/Android\/settings\s+9 new/);
    const counts = await contentCounts(ctx.database.sql);

    const second = await portalImport(demoContentFile, env);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/Services\s+0 new, 0 updated, 4 unchanged/);
    expect(await contentCounts(ctx.database.sql)).toEqual(counts);
  });

  it('rejects a bad file, naming the record, and changes nothing', async () => {
    const counts = await contentCounts(ctx.database.sql);
    const bad = path.join(files, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        FAQs: { ok: { question: 'Fine?', answer: 'Yes.' }, broken: { question: 'No answer?' } },
      }),
    );
    const result = await portalImport(bad, { PORT: String(port), DATA_DIR: ctx.config.DATA_DIR });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The import was rejected and nothing was changed');
    expect(result.stderr).toContain('FAQs/broken/answer: is required');
    expect(await contentCounts(ctx.database.sql)).toEqual(counts);

    const notJson = path.join(files, 'not.json');
    writeFileSync(notJson, '{ "FAQs": ');
    expect(
      (await portalImport(notJson, { PORT: String(port), DATA_DIR: ctx.config.DATA_DIR })).stderr,
    ).toContain('is not valid JSON');
  });

  it('with --replace makes the collections in the file exactly the file', async () => {
    const env = { PORT: String(port), DATA_DIR: ctx.config.DATA_DIR };
    const demo = demoContent() as { FAQs: Record<string, unknown> };
    const only = path.join(files, 'replace.json');
    writeFileSync(only, JSON.stringify({ FAQs: { 'faq-cancel': demo.FAQs['faq-cancel'] } }));
    const counts = await contentCounts(ctx.database.sql);
    const result = await portalImport(only, env, ['--replace']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Replaced the collections of .*replace\.json:/);
    expect(result.stdout).toMatch(/FAQs\s+0 new, 0 updated, 1 unchanged, 5 removed/);
    expect(await ctx.database.sql.query('SELECT id FROM faqs')).toEqual([{ id: 'faq-cancel' }]);
    expect(await contentCounts(ctx.database.sql)).toEqual({ ...counts, faqs: 1 });

    const unknown = await portalImport(only, env, ['--replce']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Usage: npm run portal -- import [--replace] <file.json>');
  });

  it('says how to proceed when no portal is running', async () => {
    const result = await portalImport(demoContentFile, { PORT: '1', DATA_DIR: ctx.config.DATA_DIR });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Could not reach the portal');
  });

  it('with DATABASE_URL imports into PostgreSQL directly, without the portal', async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      // The test database lives in a schema of its own; the CLI reaches it through the connection's search_path.
      const [{ schema }] = (await ctx.database.sql.query<{ schema: string }>(
        'SELECT current_schema() AS schema',
      )) as [{ schema: string }];
      const direct = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      const only = path.join(files, 'direct.json');
      writeFileSync(
        only,
        JSON.stringify({ FAQs: { 'faq-direct': { question: 'Direct?', answer: 'Yes, directly.' } } }),
      );
      const result = await portalImport(only, { DATABASE_URL: direct, PORT: '1', DATA_DIR: files });
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/FAQs\s+1 new/);
      expect(await ctx.database.sql.query(`SELECT answer FROM faqs WHERE id = 'faq-direct'`)).toEqual([
        { answer: 'Yes, directly.' },
      ]);
    } else {
      // Embedded runs have no PostgreSQL: the CLI must still go to DATABASE_URL, never to the portal.
      const counts = await contentCounts(ctx.database.sql);
      const result = await portalImport(demoContentFile, {
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        PORT: String(port),
        DATA_DIR: files,
      });
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/ECONNREFUSED|connect/);
      expect(await contentCounts(ctx.database.sql)).toEqual(counts);
    }
  });
});
