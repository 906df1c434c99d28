// A bounded HTTP/1.1 load generator: `connections` keep-alive sockets, each sending one GET and waiting for its
// answer before the next (no pipelining), for `seconds`. Raw sockets with a prebuilt request and a minimal answer
// parser, so that the generator costs as little CPU as it can on a machine it shares with the server it drives.
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { cpuSeconds } from './portal.mjs';

const HEADER_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('0\r\n\r\n');

/** Bytes of one whole answer at the start of `buffer`, its status, or null while it is incomplete. */
function parseAnswer(buffer) {
  const headerEnd = buffer.indexOf(HEADER_END);
  if (headerEnd < 0) return null;
  const head = buffer.toString('latin1', 0, headerEnd);
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  const bodyStart = headerEnd + 4;
  if (length) {
    const end = bodyStart + Number(length[1]);
    return buffer.length >= end ? { status, end } : null;
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const last = buffer.indexOf(CHUNKED_END, bodyStart);
    return last < 0 ? null : { status, end: last + CHUNKED_END.length };
  }
  return { status, end: bodyStart };
}

/** One keep-alive connection's loop until `deadline`; latencies in ms pushed to `latencies`. */
function runConnection({ port, request, deadline, latencies, counts }) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
    let pending = Buffer.alloc(0);
    let sentAt = 0;
    const send = () => {
      if (performance.now() >= deadline) {
        socket.end();
        return resolve();
      }
      sentAt = performance.now();
      socket.write(request);
    };
    socket.on('connect', send);
    socket.on('data', (data) => {
      pending = pending.length ? Buffer.concat([pending, data]) : data;
      const answer = parseAnswer(pending);
      if (!answer) return;
      pending = pending.subarray(answer.end);
      latencies.push(performance.now() - sentAt);
      if (answer.status === 200) counts.ok += 1;
      else counts.errors += 1;
      send();
    });
    socket.on('error', () => {
      counts.errors += 1;
      resolve();
    });
    socket.on('close', () => resolve());
  });
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

/**
 * Drives `GET path` (with `cookie`) at `connections` for `seconds` after `warmupSeconds` not counted.
 * Resolves to requests per second (answered 200), errors (non-200 answers and broken connections), p50 and p99 ms,
 * and, given the server's `serverPid`, the CPU milliseconds it spent per request.
 */
export async function drive({ port, path, cookie, connections = 50, seconds = 5, warmupSeconds = 1, serverPid }) {
  const request = Buffer.from(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: application/json\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}Connection: keep-alive\r\n\r\n`,
    'latin1',
  );
  const run = async (duration) => {
    const latencies = [];
    const counts = { ok: 0, errors: 0 };
    const cpuBefore = serverPid ? cpuSeconds(serverPid) : 0;
    const started = performance.now();
    const deadline = started + duration * 1000;
    await Promise.all(Array.from({ length: connections }, () => runConnection({ port, request, deadline, latencies, counts })));
    const elapsed = (performance.now() - started) / 1000;
    const cpuMsPerRequest = serverPid ? ((cpuSeconds(serverPid) - cpuBefore) * 1000) / Math.max(1, counts.ok + counts.errors) : NaN;
    latencies.sort((a, b) => a - b);
    return { rps: counts.ok / elapsed, errors: counts.errors, p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpuMsPerRequest };
  };
  if (warmupSeconds > 0) await run(warmupSeconds);
  return run(seconds);
}
