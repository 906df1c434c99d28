// Starts a fresh portal for a benchmark: its own port and data directory, waits until it is ready.
import { spawn, spawnSync } from 'node:child_process';
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

/** A new customer of the portal at `base`: their session cookie and id. */
export async function signUp(base) {
  const email = `bench-${Date.now()}@example.com`;
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'Bench', email, phone: '555 010 0000', password: 'bench-password-1' }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, userId: (await res.json()).user.id };
}
