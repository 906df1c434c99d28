import type { FastifyRequest } from 'fastify';
import { sessionUser } from '../../platform/auth/session.ts';

/**
 * Rate limits of the card and payment routes, counted per signed-in user rather than per address: they guard
 * against card testing by one account, while many customers behind one address (an office, a proxy) are not
 * held up by each other. Keyed on the account the session resolves to, never on cookie text a client can vary.
 */
export function perSession(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      keyGenerator: async (request: FastifyRequest) => {
        const user = await sessionUser(request);
        return user ? `user:${user.id}` : `address:${request.ip}`;
      },
    },
  };
}
