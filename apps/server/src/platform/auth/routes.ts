import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, signUpSchema } from '@portal/contracts/auth';
import { changeEmailSchema } from '@portal/contracts/account';
import { AUTH_BASE_PATH, changeEmail, sendVerificationEmail, signInWithEmail, signUpWithEmail } from '@portal/contracts/routes';
import { AppError, badRequest } from '../http/errors.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { sessionUser } from './session.ts';
import { requireFreshSignIn } from './reauthentication.ts';

/** Readable messages for better-auth's error codes (spec §5: the provider's messages, made readable). */
const AUTH_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Incorrect email or password. Please try again.',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Please sign in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this email already exists. Please sign in instead.',
  PASSWORD_TOO_SHORT: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  PASSWORD_TOO_LONG: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  INVALID_EMAIL: 'Please enter a valid email address.',
  INVALID_PASSWORD: 'Your current password is incorrect.',
  INVALID_TOKEN: 'This link has expired or was already used. Please ask for a new one.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Your account has no password yet. Set one first.',
};

async function forwardToAuth(request: FastifyRequest, reply: FastifyReply) {
  const url = new URL(request.url, request.server.config.publicUrl);
  const headers = fromNodeHeaders(request.headers);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const response = await request.server.auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      body: hasBody ? (typeof request.body === 'string' ? request.body : JSON.stringify(request.body)) : undefined,
    }),
  );
  reply.code(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
    const body = JSON.parse(text || '{}') as { code?: string; message?: string };
    const code = body.code ?? 'AUTH_ERROR';
    return reply.send({ error: { code, message: AUTH_MESSAGES[code] ?? body.message ?? 'Sign-in failed.' } });
  }
  return reply.send(text || null);
}

type Body = Record<string, unknown>;
const bodyOf = (request: FastifyRequest): Body => (request.body && typeof request.body === 'object' ? (request.body as Body) : {});
/** The e-mail address a request names, lower-cased (the account it counts against when there is no session). */
const emailOf = (request: FastifyRequest) => (typeof bodyOf(request).email === 'string' ? String(bodyOf(request).email).toLowerCase() : undefined);

export async function authRoutes(app: FastifyInstance) {
  const tooMany = () => new AppError(429, 'RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.');
  const window = { max: app.config.AUTH_RATE_LIMIT_MAX, timeWindow: app.config.AUTH_RATE_LIMIT_WINDOW_MS, errorResponseBuilder: tooMany };
  /** Per client address (the route's own limit). */
  const limited = { rateLimit: window };
  /** A second limit per account, so that many addresses cannot guess one account's password together. */
  const perAccount = (key: (request: FastifyRequest) => Promise<string | undefined> | string | undefined) => {
    // A limiter of its own: the plugin runs one route limiter per request, and the per-address one already ran.
    const count = app.createRateLimit({ max: window.max, timeWindow: window.timeWindow, keyGenerator: async (request) => `account:${(await key(request)) ?? request.ip}` });
    return async (request: FastifyRequest) => {
      const counted = await count(request);
      if (!counted.isAllowed && counted.isExceeded) throw tooMany();
    };
  };
  const hidden = { schema: { hide: true } };

  // better-auth checks its own input and answers in its own shapes: only the path comes from the route table.
  app.post(signInWithEmail.path, { ...hidden, config: limited }, forwardToAuth);
  app.post(signUpWithEmail.path, {
    ...hidden,
    config: limited,
    preHandler: async (request) => {
      const parsed = signUpSchema.safeParse(request.body);
      if (!parsed.success) throw badRequest('VALIDATION_ERROR', parsed.error.issues[0]!.message);
      assertPasswordAllowed(parsed.data.password);
      request.body = { ...parsed.data, email: parsed.data.email.toLowerCase() };
    },
  }, forwardToAuth);
  app.post(`${AUTH_BASE_PATH}/change-password`, {
    ...hidden,
    config: limited,
    preHandler: [
      perAccount(async (request) => (await sessionUser(request))?.id),
      async (request) => {
        const body = bodyOf(request);
        assertPasswordAllowed(body.newPassword);
        // Changing the password signs out every other session unless the caller asks to keep them.
        request.body = { ...body, revokeOtherSessions: body.revokeOtherSessions ?? true };
      },
    ],
  }, forwardToAuth);
  app.post(`${AUTH_BASE_PATH}/reset-password`, {
    ...hidden,
    config: limited,
    preHandler: [
      // The reset token stands for the account here: it is what names the account in this request.
      perAccount((request) => (typeof bodyOf(request).token === 'string' ? `reset:${String(bodyOf(request).token)}` : undefined)),
      async (request) => assertPasswordAllowed(bodyOf(request).newPassword),
    ],
  }, forwardToAuth);
  app.post(`${AUTH_BASE_PATH}/request-password-reset`, {
    ...hidden,
    config: limited,
    preHandler: perAccount((request) => emailOf(request)),
  }, forwardToAuth);
  // Mail-sending endpoints: limited per address and per account, so that nobody floods an inbox through them.
  const perSessionAccount = perAccount(async (request) => (await sessionUser(request))?.id);
  // Without a session better-auth sends to an unverified account named by its address: count that address then.
  app.post(sendVerificationEmail.path, {
    ...hidden,
    config: limited,
    preHandler: perAccount(async (request) => (await sessionUser(request))?.id ?? emailOf(request)),
  }, forwardToAuth);
  app.post(changeEmail.path, {
    ...hidden,
    config: limited,
    preHandler: [
      perSessionAccount,
      requireFreshSignIn,
      async (request) => {
        const parsed = changeEmailSchema.safeParse(request.body);
        if (!parsed.success) throw badRequest('VALIDATION_ERROR', parsed.error.issues[0]!.message);
        request.body = { newEmail: parsed.data.newEmail.toLowerCase() };
      },
    ],
  }, forwardToAuth);
  app.route({ method: ['GET', 'POST'], url: `${AUTH_BASE_PATH}/*`, ...hidden, handler: forwardToAuth });
}
