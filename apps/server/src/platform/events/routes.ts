import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { liveEvents } from '@portal/contracts/routes';
import { actsAsStaff, signedIn } from '../auth/session.ts';
import { registerRoute } from '../http/route.ts';
import { LiveStreams, type Watcher } from './live-streams.ts';

/** How long a browser waits before reconnecting, and a first line so that proxies pass the stream on at once. */
const FIRST_LINES = 'retry: 3000\n: connected\n\n';

/** Errors of a stream's connection (a client gone mid-write) end the stream by closing it; nothing else to do. */
const ignoreError = () => undefined;

/**
 * Fastify's logging listeners on the response hold its request, reply and their logger for as long as a stream
 * lasts (about half of a stream's memory); a taken-over reply is never logged as completed, so they go.
 */
function dropFastifyListeners(response: ServerResponse) {
  for (const event of ['finish', 'error'] as const)
    for (const listener of response.listeners(event))
      if (listener.name === 'onResFinished') response.removeListener(event, listener as () => void);
  response.on('error', ignoreError);
}

/** Forgets a stream when its connection closes; kept apart so that the listener holds nothing else. */
function forgetOnClose(streams: LiveStreams, response: ServerResponse, watcher: Watcher) {
  response.once('close', () => streams.remove(response, watcher));
}

/**
 * The live event stream: Server-Sent Events of the topics this viewer may see. The reply is taken over from
 * Fastify once the viewer is known, so that an open stream costs its connection and a place in LiveStreams only.
 */
export async function eventRoutes(app: FastifyInstance) {
  const streams = app.liveStreams;
  // Streams never end by themselves; a shutdown ends them so that the server can close.
  app.addHook('preClose', async () => streams.endAll());

  // Every client gets the stream, whatever it accepts (EventSource asks for text/event-stream, tests may not).
  registerRoute(app, liveEvents, async (request, reply) => {
    const current = await signedIn(request);
    const watcher: Watcher = current
      ? {
          userId: current.user.id,
          staff: actsAsStaff(current.user),
          sessionId: current.session.id,
          sessionEndsAt: current.session.createdAt.getTime() + app.config.SESSION_MAX_AGE_DAYS * 86_400_000,
        }
      : null;
    reply.hijack();
    const response = reply.raw;
    // The headers set so far (helmet's) go out with the stream's own.
    response.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // Proxies that buffer answers (nginx) pass this one on as it is written.
      'x-accel-buffering': 'no',
      // Said outright, as the stream always has: otherwise Node adds a `Keep-Alive: timeout` hint meant for idle
      // connections, and a client (undici) that took it left behind a connection that held up the server's close.
      connection: 'keep-alive',
    });
    response.write(FIRST_LINES);
    // A viewer who left while their session was looked up has no stream to keep.
    if (response.destroyed) return;
    request.raw.socket.setNoDelay(true);
    dropFastifyListeners(response);
    streams.add(response, watcher);
    forgetOnClose(streams, response, watcher);
  });
}
