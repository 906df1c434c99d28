import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, signUpSchema } from '@portal/contracts/auth';
import { changeEmailSchema } from '@portal/contracts/account';
import { AUTH_BASE_PATH, changeEmail, sendVerificationEmail, signInWithEmail, signUpWithEmail } from '@portal/contracts/routes';
import { badRequest } from '../http/errors.ts';
import { authLimits } from './rate-limits.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { sessionUser } from './session.ts';

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
  INVALID_CODE: 'That code is not right. Please try the current code from your authenticator app.',
  INVALID_BACKUP_CODE: 'That recovery code is not right, or it was already used.',
  INVALID_TWO_FACTOR_COOKIE: 'Your sign-in has expired. Please sign in again.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes. Please sign in again.',
  ACCOUNT_TEMPORARILY_LOCKED: 'Too many wrong codes. Please wait 15 minutes and try again.',
  TOTP_ALREADY_ENABLED: 'Two-factor authentication is already on.',
  TWO_FACTOR_NOT_ENABLED: 'Two-factor authentication is off.',
};

/** Hands the request to better-auth and answers with its response, errors in the portal's shape. */
export async function forwardToAuth(request: FastifyRequest, reply: FastifyReply) {
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
  const { limited, perAccount } = authLimits(app);
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
      async (request) => {
        const parsed = changeEmailSchema.safeParse(request.body);
        if (!parsed.success) throw badRequest('VALIDATION_ERROR', parsed.error.issues[0]!.message);
        request.body = { newEmail: parsed.data.newEmail.toLowerCase() };
      },
    ],
  }, forwardToAuth);
  app.route({ method: ['GET', 'POST'], url: `${AUTH_BASE_PATH}/*`, ...hidden, handler: forwardToAuth });
}
