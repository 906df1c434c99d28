import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';

/** What a key function of a per-account limit answers: the account a request counts against, if it names one. */
export type AccountKey = (request: FastifyRequest) => Promise<string | undefined> | string | undefined;

/**
 * The limits of the sign-in endpoints: one per client address (a route's own `config`), and one per account as a
 * `preHandler`, so that many addresses cannot guess one account's secret together.
 */
export function authLimits(app: FastifyInstance) {
  const tooMany = () => new AppError(429, 'RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.');
  const window = { max: app.config.AUTH_RATE_LIMIT_MAX, timeWindow: app.config.AUTH_RATE_LIMIT_WINDOW_MS, errorResponseBuilder: tooMany };
  /** Per client address (the route's own limit). */
  const limited = { rateLimit: window };
  /** A second limit per account, so that many addresses cannot guess one account's password together. */
  const perAccount = (key: AccountKey) => {
    // A limiter of its own: the plugin runs one route limiter per request, and the per-address one already ran.
    const count = app.createRateLimit({ max: window.max, timeWindow: window.timeWindow, keyGenerator: async (request) => `account:${(await key(request)) ?? request.ip}` });
    return async (request: FastifyRequest) => {
      const counted = await count(request);
      if (!counted.isAllowed && counted.isExceeded) throw tooMany();
    };
  };
  return { limited, perAccount };
}
