import type { FastifyRequest } from 'fastify';

/**
 * Rate limits of the card and payment routes, counted per signed-in session rather than per address: they guard
 * against card testing by one account, while many customers behind one address (an office, a proxy) are not
 * held up by each other.
 */
export function perSession(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => /better-auth\.session_token=([^;]+)/.exec(request.headers.cookie ?? '')?.[1] ?? request.ip,
    },
  };
}
