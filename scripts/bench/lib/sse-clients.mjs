// A light client of many event streams for the events benchmark, run as a child process (several share the load):
// raw TCP sockets, one GET each, no HTTP client state. It keeps only each socket and counts the `data:` frames it
// receives, recording when each arrived, so that the parent can time a change from the moment it was made.
// Messages from the parent: {open: {port, path, cookie, count}}, {expect: frames}, {close: count}, {exit}.
import net from 'node:net';
import { performance } from 'node:perf_hooks';

const CONCURRENT_OPENS = 64;
/** The server's first line on a stream; the stream is open once it has arrived. */
const CONNECTED = ': connected\n\n';

const sockets = [];
let arrivals = [];
let expected = Number.POSITIVE_INFINITY;

const now = () => performance.timeOrigin + performance.now();

function openOne({ port, path, cookie }) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
    let opened = false;
    let head = '';
    socket.setEncoding('utf8');
    socket.on('connect', () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nCookie: ${cookie}\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk) => {
      if (!opened) {
        head += chunk;
        if (!head.includes(CONNECTED)) return;
        opened = head.startsWith('HTTP/1.1 200');
        head = '';
        if (!opened) socket.destroy();
        resolve(opened ? socket : null);
        return;
      }
      for (let at = chunk.indexOf('data:'); at >= 0; at = chunk.indexOf('data:', at + 5))
        arrivals.push(now());
      if (arrivals.length >= expected) {
        process.send({ arrivals });
        arrivals = [];
        expected = Number.POSITIVE_INFINITY;
      }
    });
    socket.on('error', () => resolve(null));
    socket.on('close', () => {
      if (!opened) resolve(null);
    });
  });
}

async function open(target) {
  let failed = 0;
  let next = 0;
  const started = now();
  const opener = async () => {
    while (next < target.count) {
      next++;
      const socket = await openOne(target);
      if (socket) sockets.push(socket);
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_OPENS }, opener));
  return { open: sockets.length, failed, seconds: (now() - started) / 1000 };
}

process.on('message', async (message) => {
  if (message.open) process.send({ opened: await open(message.open) });
  else if (message.expect) {
    expected = message.expect;
    process.send({ ready: true });
  } else if (message.close) {
    for (const socket of sockets.splice(0, message.close)) socket.destroy();
    process.send({ closed: sockets.length });
  } else if (message.exit) process.exit(0);
});
