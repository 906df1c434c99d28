import type { FastifyInstance } from 'fastify';
import { sessionUser } from '../auth/session.ts';
import { mayReceive } from './change-feed.ts';

const HEARTBEAT_MS = 20_000;

/** GET /api/events: a Server-Sent Events stream of the topics this viewer may see. */
export async function eventRoutes(app: FastifyInstance) {
  const open = new Set<() => void>();
  // Streams never end by themselves; a shutdown ends them so that the server can close.
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get('/api/events', { schema: { tags: ['events'], summary: 'Live change topics (Server-Sent Events)' } }, async (request, reply) => {
    const user = await sessionUser(request);
    const viewer = user ? { id: user.id, role: user.role } : null;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 3000\n: connected\n\n`);
    const unsubscribe = app.changeFeed.subscribe((change) => {
      if (mayReceive(change, viewer)) res.write(`data: ${JSON.stringify({ topic: change.topic })}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(`: heartbeat\n\n`), HEARTBEAT_MS);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
    };
    const end = () => {
      close();
      res.end();
    };
    open.add(end);
    request.raw.on('close', close);
  });
}
