import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');
const running: ChildProcess[] = [];
afterEach(() => running.splice(0).forEach((p) => p.kill('SIGKILL')));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', DEMO_CONTENT: 'false', ...env },
  });
  running.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitUntilUp(base: string) {
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

describe('the server process', () => {
  it('stops at start with a message naming a bad setting', async () => {
    const server = start({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-')) });
    expect(await server.exited).toBe(2);
    expect(server.output()).toContain('PORT');
  });

  it('keeps its data across a restart and shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}` };
    const account = { name: 'Restart Tester', email: 'restart@example.com', phone: '555 111 2222', password: 'survives-restarts' };

    const first = start(env);
    await waitUntilUp(base);
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify(account),
    });
    expect(signUp.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = start(env);
    await waitUntilUp(base);
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(signIn.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 60_000);
});
