import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { sql } from 'drizzle-orm';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/contracts/auth';
import { AUTH_BASE_PATH } from '@portal/contracts/routes';
import { AppError, notFound } from '../http/errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { keyedLimit } from '../http/keyed-limit.ts';

/** Readable messages for better-auth's error codes (spec §5: the provider's messages, made readable). */
const AUTH_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Incorrect email or password. Please try again.',
  // Answered only to the right password: it tells no more than sign-up does.
  EMAIL_NOT_VERIFIED: 'Please verify your email address first: follow the link we emailed you, or send a new one.',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Please sign in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this email already exists. Please sign in instead.',
  PASSWORD_TOO_SHORT: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  PASSWORD_TOO_LONG: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  INVALID_EMAIL: 'Please enter a valid email address.',
  INVALID_PASSWORD: 'Your current password is incorrect.',
  INVALID_TOKEN: 'This link has expired or was already used. Please ask for a new one.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Your account has no password yet. Set one first.',
  INVALID_CODE: 'That code is not right. Please try the current code from your authenticator app.',
  INVALID_BACKUP_CODE: 'That recovery code is not right, or it was already used.',
  INVALID_TWO_FACTOR_COOKIE: 'Your sign-in has expired. Please sign in again.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes. Please sign in again.',
  ACCOUNT_TEMPORARILY_LOCKED: 'Too many wrong codes. Please wait 15 minutes and try again.',
  TOTP_ALREADY_ENABLED: 'Two-factor authentication is already on.',
  TWO_FACTOR_NOT_ENABLED: 'Two-factor authentication is off.',
};

/** A path parameter handed on to better-auth: a token or an id, never a dot segment or a separator. */
const SAFE_PARAM = /^[\w-]+$/;

/**
 * The URL better-auth is asked for: the path of the route Fastify matched, its parameters and query re-encoded.
 * Never the raw request URL, whose dot segments and escapes better-auth would resolve to another endpoint.
 */
function routedUrl(request: FastifyRequest): URL {
  const pattern = request.routeOptions.url;
  if (!pattern?.startsWith(`${AUTH_BASE_PATH}/`)) throw notFound('No such sign-in endpoint.');
  const params = (request.params ?? {}) as Record<string, unknown>;
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string' || !SAFE_PARAM.test(value)) throw notFound('No such sign-in endpoint.');
    return value;
  });
  const url = new URL(path, request.server.config.publicUrl);
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    for (const one of [value].flat()) if (typeof one === 'string') url.searchParams.append(key, one);
  }
  return url;
}

/**
 * Hands a routed request to better-auth and sends its answer on; an error answer leaves in the portal's shape
 * (`{ error: { code, message } }`) with a readable message, and a success with `answer`'s body instead of
 * better-auth's when given; `onAnswer` sees better-auth's answer first.
 */
async function forwardToAuth(
  request: FastifyRequest,
  reply: FastifyReply,
  { answer, onAnswer }: Pick<AuthEndpointOptions, 'answer' | 'onAnswer'>,
): Promise<void> {
  const headers = fromNodeHeaders(request.headers);
  // The body may have been rewritten by the route's checks: its length is the new body's, not the request's.
  headers.delete('content-length');
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const response = await request.server.auth.handler(
    new Request(routedUrl(request), {
      method: request.method,
      headers,
      body: hasBody ? (typeof request.body === 'string' ? request.body : JSON.stringify(request.body)) : undefined,
    }),
  );
  if (response.status >= 500) await throwIfDatabaseAway(request.server);
  reply.code(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const text = await response.text();
  // Before the answer leaves: what it records (a failed sign-in, a security e-mail) is there when the client reads on.
  await onAnswer?.(request, response);
  if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
    const body = JSON.parse(text || '{}') as { code?: string; message?: string };
    const code = body.code ?? 'AUTH_ERROR';
    await reply.send({ error: { code, message: AUTH_MESSAGES[code] ?? body.message ?? 'Sign-in failed.' } });
  } else if (answer && response.ok) {
    await reply.send(answer());
  } else {
    await reply.send(text || null);
  }
}

/**
 * better-auth answers 500 to any error it meets, a database that is away included; asked once it has failed, the
 * database says which it was, and an outage leaves as the portal's 503 (the error handler's DATABASE_UNAVAILABLE).
 */
async function throwIfDatabaseAway(app: Pick<FastifyInstance, 'db'>): Promise<void> {
  const failure = await app.db.execute(sql`SELECT 1`).then(
    () => null,
    (error: unknown) => error,
  );
  if (failure && isDatabaseUnavailable(failure)) throw failure;
}

type Check = (request: FastifyRequest) => unknown;

export interface AuthEndpointOptions {
  /** Count requests per client address (AUTH_RATE_LIMIT_MAX per AUTH_RATE_LIMIT_WINDOW_MS); on unless false. */
  limitPerAddress?: boolean;
  /** Run in order before better-auth is asked: input rules, per-account limits (`authLimits`), body rewrites. */
  checks?: Check[];
  /** Sees better-auth's answer before it is sent (e.g. to count a failed sign-in). */
  onAnswer?: (request: FastifyRequest, response: Response) => unknown;
  /** The body of a successful answer, instead of better-auth's (which may say more than the portal means to). */
  answer?: () => unknown;
}

/**
 * Makes one better-auth endpoint reachable: `path` (under AUTH_BASE_PATH, `:name` parameters allowed) is routed by
 * Fastify and handed to better-auth by that routed path. Every endpoint not listed this way answers 404, so each
 * one the portal serves carries the checks it needs.
 */
export function forwardAuthEndpoint(app: FastifyInstance, method: 'GET' | 'POST', path: string, options: AuthEndpointOptions = {}): void {
  if (!path.startsWith(`${AUTH_BASE_PATH}/`) || path.includes('*')) throw new Error(`Not a sign-in endpoint path: ${path}`);
  const { checks = [], onAnswer, answer, limitPerAddress = true } = options;
  app.route({
    method,
    url: path,
    schema: { hide: true },
    config: limitPerAddress ? { rateLimit: authLimits(app).perAddress } : {},
    preHandler: async (request) => {
      for (const check of checks) await check(request);
    },
    handler: async (request, reply) => {
      await forwardToAuth(request, reply, { answer, onAnswer });
      return reply;
    },
  });
}

const tooMany = () => new AppError(429, 'RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.');

/**
 * The limits of the sign-in endpoints (AUTH_RATE_LIMIT_MAX per AUTH_RATE_LIMIT_WINDOW_MS): `perAddress` is a
 * route's own limit by client address; `perAccount(key)` is a check that counts by what names the account, so
 * that many addresses cannot work on one account together.
 */
export function authLimits(app: Pick<FastifyInstance, 'config' | 'createRateLimit'>) {
  const window = { max: app.config.AUTH_RATE_LIMIT_MAX, timeWindow: app.config.AUTH_RATE_LIMIT_WINDOW_MS };
  return {
    tooMany,
    perAddress: { ...window, errorResponseBuilder: tooMany },
    perAccount(key: (request: FastifyRequest) => Promise<string | undefined> | string | undefined): Check {
      return keyedLimit(app, { ...window, refuse: tooMany, key: async (request) => (await key(request)) ?? `address:${request.ip}` });
    },
  };
}
