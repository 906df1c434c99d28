// Live events (/api/events) of the compiled portal on PGlite, with a bare `node:http` SSE server as the anchor:
// - memory per open stream: 10,000 signed-in streams in one portal process, its RSS growth / 10,000 (<= 20 KiB);
// - change -> receipt p99 with 1,000 streams: a support message posted through the API (published to its owner,
//   whom all the streams are signed in as), timed from the moment the request is sent until each stream has the
//   event (<= 100 ms);
// - time to open a stream (connect, request, first line), median of one at a time, within 2x of the bare server.
// The streams are held by a few child processes of raw sockets (lib/sse-clients.mjs), so that the client side
// costs little. The figures are noisy while other work runs on the machine: the load average is printed with them.
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { figure } from './lib/figures.mjs';
import { signUp, startPortal } from './lib/portal.mjs';

const STREAMS = 10_000;
const LATENCY_STREAMS = 1_000;
const CHANGES = 150;
const OPEN_SAMPLES = 500;
const CLIENTS = 2;
const SETTLE_MS = 3_000;
const EVENTS_PATH = '/api/events';
const here = import.meta.dirname;

// Node raises its own soft limit of open files to the hard one when it starts (so `ulimit -n` in a shell would add
// nothing); the portal and the bare server each hold STREAMS sockets, so the hard limit must allow them.
const openFilesLimit = /Max open files\s+(\S+)/.exec(readFileSync('/proc/self/limits', 'utf8'))[1];
if (openFilesLimit !== 'unlimited' && Number(openFilesLimit) < STREAMS + 1_000) {
  console.error(
    `${STREAMS} streams need ${STREAMS + 1_000} open files; this machine allows ${openFilesLimit} (ulimit -Hn).`,
  );
  process.exit(1);
}

const work = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-events-'));
const children = [];
const residentBytes = (pid) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
const now = () => performance.timeOrigin + performance.now();
const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function child(file) {
  const process_ = fork(path.join(here, 'lib', file), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.push(process_);
  const replies = [];
  const waiting = [];
  process_.on('message', (message) => (waiting.length ? waiting.shift()(message) : replies.push(message)));
  const next = (ms = 120_000) =>
    replies.length
      ? Promise.resolve(replies.shift())
      : new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`${file} did not answer in ${ms} ms`)), ms);
          waiting.push((message) => {
            clearTimeout(timer);
            resolve(message);
          });
        });
  return { process: process_, next, ask: (message, ms) => (process_.send(message), next(ms)) };
}

/** Opens `count` streams spread over the client processes; throws unless all of them opened. */
async function openStreams(clients, target, count) {
  const share = Math.ceil(count / clients.length);
  const replies = await Promise.all(
    clients.map((c, i) => c.ask({ open: { ...target, count: Math.min(share, count - i * share) } })),
  );
  const failed = replies.reduce((n, r) => n + r.opened.failed, 0);
  if (failed) throw new Error(`${failed} of ${count} streams did not open`);
}

/** Milliseconds from connecting to the stream's first line, for one stream opened alone. */
function timeOneOpen(port, cookie) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
    let head = '';
    socket.setEncoding('utf8');
    socket.on('connect', () =>
      socket.write(
        `GET ${EVENTS_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nCookie: ${cookie}\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk) => {
      head += chunk;
      if (!head.includes(': connected\n\n')) return;
      const ms = performance.now() - started;
      socket.destroy();
      if (head.startsWith('HTTP/1.1 200')) resolve(ms);
      else reject(new Error(`the stream did not open: ${head.split('\r\n')[0]}`));
    });
    socket.on('error', reject);
  });
}

async function post(base, cookie, url, body) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

let portal;
let within = true;
try {
  portal = await startPortal({ dataDir: path.join(work, 'data'), env: { DEMO_CONTENT: 'false' } });
  const port = Number(new URL(portal.base).port);
  const bare = child('bare-sse.mjs');
  const barePort = (await bare.next()).port;
  const { cookie } = await signUp(portal.base);
  const { chatId } = await post(portal.base, cookie, '/api/support/chats', { initialMessage: 'Bench chat' });
  const clients = Array.from({ length: CLIENTS }, () => child('sse-clients.mjs'));
  console.log(
    `PGlite portal and a bare node:http SSE server, ${STREAMS} streams over ${CLIENTS} client processes`,
  );
  console.log(`  load average before: ${load()}`);

  // Opening one stream at a time, alternating between the two servers so that both see the same load.
  const opens = { portal: [], bare: [] };
  for (let i = 0; i < OPEN_SAMPLES; i++) {
    opens.bare.push(await timeOneOpen(barePort, cookie));
    opens.portal.push(await timeOneOpen(port, cookie));
  }
  const openPortal = percentile(opens.portal, 0.5);
  const openBare = percentile(opens.bare, 0.5);
  figure('open a stream, bare node:http (median)', openBare, 'ms');
  figure('open a stream, portal (median)', openPortal, 'ms');
  within = figure('open a stream, portal / bare', openPortal / openBare, 'x', { atMost: 2 }) && within;

  // Memory: RSS growth of each server while it holds STREAMS open streams, after they have settled.
  const memoryPerStream = async (pid, target) => {
    await sleep(SETTLE_MS);
    const before = residentBytes(pid);
    await openStreams(clients, target, STREAMS);
    await sleep(SETTLE_MS);
    return (residentBytes(pid) - before) / STREAMS / 1024;
  };
  const bareKiB = await memoryPerStream(bare.process.pid, { port: barePort, path: EVENTS_PATH, cookie });
  await Promise.all(clients.map((c) => c.ask({ close: STREAMS })));
  figure(`memory per stream, bare node:http (${STREAMS} open)`, bareKiB, 'KiB');
  const portalKiB = await memoryPerStream(portal.pid, { port, path: EVENTS_PATH, cookie });
  within =
    figure(`memory per stream, portal (${STREAMS} signed in)`, portalKiB, 'KiB', { atMost: 20 }) && within;

  // Change -> receipt with LATENCY_STREAMS of those streams still open.
  const keep = LATENCY_STREAMS / CLIENTS;
  await Promise.all(clients.map((c) => c.ask({ close: STREAMS / CLIENTS - keep })));
  await sleep(1_000);
  const delays = [];
  const requests = [];
  // The first change (i = -1) warms up the message path of a fresh process and is not counted.
  for (let i = -1; i < CHANGES; i++) {
    await Promise.all(clients.map((c) => c.ask({ expect: keep })));
    const sent = now();
    await post(portal.base, cookie, `/api/support/chats/${chatId}/messages`, {
      messageType: 'text',
      textMessage: `Change ${i}`,
    });
    if (i >= 0) requests.push(now() - sent);
    const received = await Promise.all(clients.map((c) => c.next(10_000)));
    if (i >= 0) for (const { arrivals } of received) for (const at of arrivals) delays.push(at - sent);
  }
  figure('the change itself: its request, sent to answered (median)', percentile(requests, 0.5), 'ms');
  figure(`change -> receipt, median (${LATENCY_STREAMS} streams)`, percentile(delays, 0.5), 'ms');
  within =
    figure(`change -> receipt, p99 (${LATENCY_STREAMS} streams)`, percentile(delays, 0.99), 'ms', {
      atMost: 100,
    }) && within;
  console.log(`  load average after: ${load()}`);
  process.exitCode = within ? 0 : 1;
} finally {
  for (const c of children) c.kill();
  await portal?.stop();
  rmSync(work, { recursive: true, force: true });
}
