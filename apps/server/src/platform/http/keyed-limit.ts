import type { FastifyInstance, FastifyRequest } from 'fastify';

interface KeyedLimit {
  max: number;
  timeWindow: number;
  /** What the count is kept by (an account, an e-mail address); undefined: this request is not counted. */
  key: (request: FastifyRequest) => Promise<string | undefined> | string | undefined;
  /** The error a request over the limit gets. */
  refuse: () => Error;
}

/**
 * A rate limit counted by something other than the client address, checked by calling the returned function (in a
 * route's checks or handler). A limiter of its own: the plugin runs one route limiter per request, and a route's
 * per-address limit already ran.
 */
export function keyedLimit(app: Pick<FastifyInstance, 'createRateLimit'>, limit: KeyedLimit): (request: FastifyRequest) => Promise<void> {
  const count = app.createRateLimit({ max: limit.max, timeWindow: limit.timeWindow, keyGenerator: async (request) => (await limit.key(request))! });
  return async (request) => {
    if ((await limit.key(request)) === undefined) return;
    const counted = await count(request);
    if (!counted.isAllowed && counted.isExceeded) throw limit.refuse();
  };
}
