// The anchor of the events benchmark: the least an event stream can cost in Node, a bare `node:http` server that
// answers every request with the same headers and first line as the portal's stream, and keeps it open.
// Run as a child process; tells its parent the port it listens on.
import { createServer } from 'node:http';

const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
  });
  response.write('retry: 3000\n: connected\n\n');
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
