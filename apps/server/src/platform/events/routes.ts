import type { FastifyInstance } from 'fastify';
import fastifySse from '@fastify/sse';
import { liveEvents } from '@portal/contracts/routes';
import { sessionUser } from '../auth/session.ts';
import { registerRoute } from '../http/route.ts';
import { mayReceive } from './change-feed.ts';

const HEARTBEAT_MS = 20_000;

/** The live event stream (@fastify/sse): Server-Sent Events of the topics this viewer may see. */
export async function eventRoutes(app: FastifyInstance) {
  await app.register(fastifySse, { heartbeatInterval: HEARTBEAT_MS });
  const open = new Set<() => void>();
  // Streams never end by themselves; a shutdown ends them so that the server can close.
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  registerRoute(
    app,
    liveEvents,
    async (request, reply) => {
      const user = await sessionUser(request);
      const viewer = user ? { id: user.id, role: user.role } : null;
      const stream = reply.sse;
      stream.keepAlive();
      reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-cache, no-transform');
      stream.sendHeaders();
      // How long a browser waits before reconnecting, and a first line so that proxies pass the stream on at once.
      reply.raw.write('retry: 3000\n: connected\n\n');
      const unsubscribe = app.changeFeed.subscribe((change) => {
        if (mayReceive(change, viewer)) void stream.send({ data: { topic: change.topic } }).catch(() => undefined);
      });
      const end = () => stream.close();
      open.add(end);
      stream.onClose(() => {
        unsubscribe();
        open.delete(end);
      });
    },
    // Every client gets the stream, whatever it accepts (EventSource asks for text/event-stream, tests may not).
    { sse: 'manual' },
  );
}
