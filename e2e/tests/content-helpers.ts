import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from '@playwright/test';
import { expect } from '../fixtures';

/** The OPERATOR_TOKEN the browser-test server starts with (e2e/playwright.config.ts). */
const OPERATOR_TOKEN = 'e2e-operator-token-0123456789';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The demo records of one collection ("FAQs", "Guides/Android/settings"), as the server imported them at first
 * start. The browser-test server is shared: a journey's import of its own records into a collection brings these
 * along, so that they become the operator's instead of being removed as demo content (other journeys show them).
 */
export function demoRecords(collection: string): Record<string, unknown> {
  let node: unknown = JSON.parse(readFileSync(path.join(repoRoot, 'apps/server/demo/content.json'), 'utf8'));
  for (const part of collection.split('/')) node = (node as Record<string, unknown>)[part];
  return node as Record<string, unknown>;
}

/** The stored deletion requests of one e-mail address, read through the operator endpoint. */
export async function deletionRequestsFor(baseURL: string, email: string) {
  const operator = await request.newContext({ baseURL });
  const res = await operator.get(
    `/api/operator/account-deletion-requests?email=${encodeURIComponent(email)}`,
    {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    },
  );
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as {
    requests: {
      name: string;
      email: string;
      reason: string | null;
      status: string;
      requestedAt: number;
      userId: string;
    }[];
  };
  await operator.dispose();
  return body.requests;
}

/** Writes an export to a temporary file and runs `npm run portal -- import <file>` against the test server. */
export function portalImport(baseURL: string, data: unknown) {
  const dir = mkdtempSync(path.join(tmpdir(), 'content-import-'));
  const file = path.join(dir, 'export.json');
  writeFileSync(file, JSON.stringify(data));
  const result = spawnSync('npm', ['run', '--silent', 'portal', '--', 'import', file], {
    cwd: repoRoot,
    encoding: 'utf8',
    // With OPERATOR_TOKEN set the CLI needs nothing from a data directory; a scratch one keeps it from making one.
    env: {
      ...process.env,
      PORT: new URL(baseURL).port,
      HOST: '127.0.0.1',
      OPERATOR_TOKEN,
      DATA_DIR: dir,
      DATABASE_URL: '',
    },
  });
  return {
    code: result.status,
    stdout: result.stdout,
    stderr: result.stderr.replace(/^npm warn .*\n/gm, ''),
  };
}
