import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REAL_SQUARE, REQUIRED_IN_PRODUCTION } from './helpers.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
const running: ChildProcess[] = [];
// The compiled server, as `npm start` runs it (decision 31).
beforeAll(() => {
  const built = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
});
afterEach(() => running.splice(0).forEach((p) => p.kill('SIGKILL')));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['dist/main.js'], {
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

const postJson = (base: string, url: string, body: unknown) =>
  fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(body) });

async function waitForOutput(server: ReturnType<typeof start>, text: string) {
  for (let i = 0; i < 600 && !server.output().includes(text); i++) await new Promise((r) => setTimeout(r, 100));
  expect(server.output()).toContain(text);
}

/** The verification link the server's local mail catcher received for an address, as a path. */
async function verificationLinkIn(base: string, email: string): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const { messages } = (await (await fetch(`${base}/dev/mailbox/messages.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { text: string }[] };
    const link = messages.map((m) => /\/api\/auth\/verify-email\?[^\s]+/.exec(m.text)?.[0]).find(Boolean);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification link mailed to ${email}`);
}

async function stopCleanly(server: ReturnType<typeof start>) {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

async function waitUntilUp(base: string) {
  for (let i = 0; i < 450; i++) {
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
    const env = { PORT: String(port), DATA_DIR: dataDir };
    const account = { name: 'Restart Tester', email: 'restart@example.com', phone: '555 111 2222', password: 'survives-restarts' };

    const first = start(env);
    await waitUntilUp(base);
    const signUp = await postJson(base, '/api/auth/sign-up/email', account);
    expect(signUp.status).toBe(200);
    // The account signs in once the link mailed to it (here, to the local catcher) is followed.
    const followed = await fetch(`${base}${await verificationLinkIn(base, account.email)}`, { redirect: 'manual' });
    expect(followed.status).toBe(302);
    await stopCleanly(first);

    const second = start(env);
    await waitUntilUp(base);
    const signIn = await postJson(base, '/api/auth/sign-in/email', { email: account.email, password: account.password });
    expect(signIn.status).toBe(200);
    await stopCleanly(second);
  }, 90_000);

  it('on a first start with demo content, makes a demo customer and staff member who can sign in, and says how', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = start({ PORT: String(port), DATA_DIR: dataDir, DEMO_CONTENT: 'true', LOG_LEVEL: 'info' });
    await waitForOutput(server, `Portal ready at http://localhost:${port}`);

    const accounts = JSON.parse(readFileSync(path.join(dataDir, 'demo-accounts.json'), 'utf8')) as { role: string; email: string; password: string }[];
    expect(accounts.map((a) => a.role)).toEqual(['customer', 'admin']);
    const signIn = async (account: { email: string; password: string }) => {
      expect(server.output()).toContain(`as ${account.email} with password ${account.password}`);
      const res = await postJson(base, '/api/auth/sign-in/email', { email: account.email, password: account.password });
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      return (url: string) => fetch(`${base}${url}`, { headers: { cookie } }).then((r) => r.json());
    };
    const customer = await signIn(accounts[0]!);
    expect((await customer('/api/subscriptions')).subscriptions).toHaveLength(1);
    expect((await customer('/api/payments')).payments).toMatchObject([{ status: 'Complete' }]);
    expect((await customer('/api/support/chats')).chats).toHaveLength(1);
    expect((await customer('/api/projects')).projects).toHaveLength(1);
    const staff = await signIn(accounts[1]!);
    // The demo staff member sets up a second factor at first sign-in, as every staff member does.
    expect(await staff('/api/me')).toMatchObject({ user: { role: 'admin', twoFactorEnabled: false }, landing: '/two-factor-setup' });
    await stopCleanly(server);
  }, 90_000);

  const requiredInProduction = REQUIRED_IN_PRODUCTION;

  it('refuses to start in production with only the required settings: Square would be the local stand-in', async () => {
    const server = start({ PORT: String(await freePort()), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-')), DEMO_CONTENT: '', ...requiredInProduction });
    expect(await server.exited).toBe(2);
    expect(server.output()).toContain('SQUARE_ENVIRONMENT: local (the default)');
  }, 90_000);

  it('never makes demo accounts in production', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-'));
    const port = await freePort();
    // DEMO_CONTENT unset: off in production (set to true, the start is refused).
    const server = start({ PORT: String(port), DATA_DIR: dataDir, DEMO_CONTENT: '', LOG_LEVEL: 'info', ...requiredInProduction, ...REAL_SQUARE });
    await waitForOutput(server, 'Portal ready at');
    expect(existsSync(path.join(dataDir, 'demo-accounts.json'))).toBe(false);
    expect(server.output()).not.toContain('Demo customer');
    await stopCleanly(server);
  }, 90_000);

  it('on SIGTERM fails /readyz for SHUTDOWN_DRAIN_MS, then ends the open event streams and exits 0', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = start({ PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-')), SHUTDOWN_DRAIN_MS: '1500' });
    await waitUntilUp(base);
    const stream = await fetch(`${base}/api/events`);
    const reader = stream.body!.getReader();
    await reader.read(); // connected
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).error.code).toBe('DRAINING');
    // The stream ends (the browser's EventSource reconnects, through the balancer, to another instance).
    let ended = false;
    while (!ended) ended = (await reader.read()).done;
    expect(await server.exited).toBe(0);
  }, 90_000);
});
