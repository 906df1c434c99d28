import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { signUpSchema } from '@portal/contracts/auth';
import { AUTH_BASE_PATH, signInWithEmail, signUpWithEmail } from '@portal/contracts/routes';
import { AppError, badRequest } from '../http/errors.ts';

/** Readable messages for better-auth's error codes (spec §5: the provider's messages, made readable). */
const AUTH_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Incorrect email or password. Please try again.',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Please sign in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this email already exists. Please sign in instead.',
  PASSWORD_TOO_SHORT: 'Password must be at least 8 characters.',
  PASSWORD_TOO_LONG: 'Password must be at most 128 characters.',
  INVALID_EMAIL: 'Please enter a valid email address.',
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

export async function authRoutes(app: FastifyInstance) {
  const limited = {
    rateLimit: {
      max: app.config.AUTH_RATE_LIMIT_MAX,
      timeWindow: app.config.AUTH_RATE_LIMIT_WINDOW_MS,
      errorResponseBuilder: () =>
        new AppError(429, 'RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.'),
    },
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
      request.body = { ...parsed.data, email: parsed.data.email.toLowerCase() };
    },
  }, forwardToAuth);
  app.route({ method: ['GET', 'POST'], url: `${AUTH_BASE_PATH}/*`, ...hidden, handler: forwardToAuth });
}
