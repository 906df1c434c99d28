// A load balancer without stickiness for the multi-instance test: each request goes to the next instance in turn.
// Bodies and answers are streamed both ways as they come, so event streams (SSE) and tus uploads pass unchanged.
import http from 'node:http';

/** Starts the proxy on `port` in front of `targets` (ports on 127.0.0.1); resolves to a function that stops it. */
export async function startRoundRobinProxy(port, targets) {
  let next = 0;
  const sockets = new Set();
  const server = http.createServer((req, res) => {
    const target = targets[next++ % targets.length];
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-host': req.headers.host, 'x-forwarded-proto': 'http' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        res.flushHeaders();
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('instance unreachable');
      else res.destroy();
    });
    // A browser that goes away (a closed page, a cancelled upload) ends its request to the instance too.
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return () =>
    new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
}
