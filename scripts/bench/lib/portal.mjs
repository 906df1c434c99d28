// Starts a fresh portal for a benchmark: its own port and data directory, waits until it is ready.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_ENTRY, serverEnvironment } from '../../server-process.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** Resident memory of a process, from /proc (Linux). */
function residentBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

/**
 * CPU seconds a process has used so far (user + system), from /proc (Linux, 100 ticks a second): what it costs
 * to serve, whatever else the machine is doing, where requests per second depend on the CPU left over.
 */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The compiled server, as `npm start` runs it: built once per benchmark process. */
let serverBuilt = false;
function buildServer() {
  if (serverBuilt) return;
  const result = spawnSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps/server'), stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the server did not build');
  serverBuilt = true;
}

/** `env` adds or overrides settings; the caller owns `dataDir`. Resolves to its address and how to stop it. */
export async function startPortal({ dataDir, env = {}, pollMs = 500 }) {
  buildServer();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: path.join(root, 'apps/server'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...serverEnvironment(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
  };
  for (let i = 0; i < 120_000 / pollMs; i++) {
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { base, stop, pid: server.pid, rssBytes: () => residentBytes(server.pid) };
    await sleep(pollMs);
  }
  await stop();
  throw new Error('the portal did not start');
}

/** The session cookie a response sets, as a Cookie request header. */
const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** The verification link the local mail catcher received for an address, as a path on the portal. */
async function verificationLink(base, email) {
  for (let tries = 0; tries < 150; tries++) {
    const res = await fetch(`${base}/dev/mailbox/messages.json?to=${encodeURIComponent(email)}`);
    const { messages } = await res.json();
    const mail = messages.find((m) => m.subject === 'Verify your e-mail address');
    const link = /https?:\/\/[^\s]+(\/api\/auth\/verify-email\?[^\s]+)/.exec(mail?.text ?? '')?.[1];
    if (link) return link;
    await sleep(200);
  }
  throw new Error(`no verification link mailed to ${email}`);
}

/**
 * A new customer of the portal at `base`, signed in as a person is: the sign-up, then the verification link from
 * the local mail catcher followed. Their address, session cookie and id.
 */
export async function signUp(base, label = 'bench') {
  const email = `bench-${label}-${Date.now()}-${randomUUID().slice(0, 8)}@example.com`;
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: `Bench ${label}`, email, phone: '555 010 0000', password: 'bench-password-1' }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const followed = await fetch(`${base}${await verificationLink(base, email)}`, { redirect: 'manual' });
  if (followed.status !== 302) throw new Error(`verification link failed: ${followed.status} ${await followed.text()}`);
  const cookie = cookieOf(followed);
  const me = await (await fetch(`${base}/api/me`, { headers: { cookie } })).json();
  if (!me.user) throw new Error('the verification link did not sign in');
  return { email, cookie, userId: me.user.id };
}
