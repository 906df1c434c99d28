import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { resendVerificationSchema, signUpSchema, type SignUpAnswer } from '@portal/contracts/auth';
import { changeEmailSchema } from '@portal/contracts/account';
import { AUTH_BASE_PATH, authRoutes as route } from '@portal/contracts/routes';
import { badRequest } from '../http/errors.ts';
import { authLimits, forwardAuthEndpoint } from './forward.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { sessionUser } from './session.ts';
import { SignInFailures } from './sign-in-failures.ts';
import { requireFreshSignIn } from './reauthentication.ts';
import { ownPagePath } from './own-page.ts';

type Body = Record<string, unknown>;
const bodyOf = (request: FastifyRequest): Body => (request.body && typeof request.body === 'object' ? (request.body as Body) : {});
/** The e-mail address a request names, lower-cased (the account it counts against when there is no session). */
const emailOf = (request: FastifyRequest) => (typeof bodyOf(request).email === 'string' ? String(bodyOf(request).email).trim().toLowerCase() : undefined);

/** Sign-up's one answer, for a new address and for one that has an account alike (decision 0052). */
const SIGN_UP_ANSWER: SignUpAnswer = { checkEmail: true };

/** Parses the body with `schema` (400 VALIDATION_ERROR with its first message) and hands on what it kept. */
const parsedBody = <T>(schema: z.ZodType<T>, shape: (parsed: T) => Body) => (request: FastifyRequest) => {
  const parsed = schema.safeParse(request.body);
  if (!parsed.success) throw badRequest('VALIDATION_ERROR', parsed.error.issues[0]!.message);
  request.body = shape(parsed.data);
};

/**
 * The better-auth endpoints the portal serves, each with its checks; anything else under AUTH_BASE_PATH answers
 * 404. Other files add theirs with `forwardAuthEndpoint` (platform/auth/forward.ts).
 */
export async function authRoutes(app: FastifyInstance) {
  const limits = authLimits(app);
  const perSessionAccount = limits.perAccount(async (request) => (await sessionUser(request))?.id);
  const failures = new SignInFailures(app.config.AUTH_RATE_LIMIT_MAX, app.config.AUTH_RATE_LIMIT_WINDOW_MS);

  forwardAuthEndpoint(app, 'POST', route.signInWithEmail.path, {
    checks: [
      (request) => {
        const email = emailOf(request);
        if (email && failures.exhausted(email)) throw limits.tooMany();
      },
    ],
    onAnswer: (request, response) => {
      const email = emailOf(request);
      if (email && response.status === 401) failures.record(email);
    },
  });
  forwardAuthEndpoint(app, 'POST', route.signUpWithEmail.path, {
    checks: [
      parsedBody(signUpSchema, (data) => ({ ...data, email: data.email.toLowerCase() })),
      (request) => assertPasswordAllowed(bodyOf(request).password),
      // Every sign-up that passes the rules mails the address (a link, or a notice to its owner): counted per address.
      limits.perAccount(emailOf),
    ],
    // better-auth answers a made-up user for an address that has an account: the portal answers neither.
    answer: () => SIGN_UP_ANSWER,
  });
  forwardAuthEndpoint(app, 'POST', route.signOut.path, { limitPerAddress: false });

  // Google: the button starts the flow, the provider sends the browser back to the callback.
  forwardAuthEndpoint(app, 'POST', route.signInWithGoogle.path, {
    checks: [parsedBody(route.signInWithGoogle.body, (data) => data)],
  });
  forwardAuthEndpoint(app, 'GET', `${AUTH_BASE_PATH}/callback/google`, { limitPerAddress: false });

  forwardAuthEndpoint(app, 'POST', route.requestPasswordReset.path, { checks: [limits.perAccount(emailOf)] });
  // The link in the reset e-mail: better-auth checks the token and sends the browser on to the reset page.
  forwardAuthEndpoint(app, 'GET', `${AUTH_BASE_PATH}/reset-password/:token`, { limitPerAddress: false });
  forwardAuthEndpoint(app, 'POST', route.resetPassword.path, {
    checks: [
      // The reset token stands for the account here: it is what names the account in this request.
      limits.perAccount((request) => (typeof bodyOf(request).token === 'string' ? `reset:${String(bodyOf(request).token)}` : undefined)),
      (request) => assertPasswordAllowed(bodyOf(request).newPassword),
    ],
  });

  // Without a session better-auth sends to an unverified account named by its address: count that address then.
  forwardAuthEndpoint(app, 'POST', route.sendVerificationEmail.path, {
    checks: [
      parsedBody(resendVerificationSchema, (data) => ({ ...data, email: data.email.toLowerCase() })),
      limits.perAccount(async (request) => (await sessionUser(request))?.id ?? emailOf(request)),
    ],
  });
  // The link in a verification e-mail (sign-up, "Resend", a new address): it signs a new account in and goes on to
  // the page it names, which must be one of this site's.
  forwardAuthEndpoint(app, 'GET', `${AUTH_BASE_PATH}/verify-email`, {
    limitPerAddress: false,
    checks: [
      (request) => {
        const { callbackURL } = (request.query ?? {}) as { callbackURL?: unknown };
        if (callbackURL === undefined) return;
        if (typeof callbackURL !== 'string' || ownPagePath(callbackURL, app.config.publicUrl) === null) {
          throw badRequest('INVALID_CALLBACK_URL', 'This link is not valid. Please use the link from the e-mail as it is.');
        }
      },
    ],
  });

  forwardAuthEndpoint(app, 'POST', route.changeEmail.path, {
    checks: [perSessionAccount, requireFreshSignIn, parsedBody(changeEmailSchema, (data) => ({ newEmail: data.newEmail.toLowerCase() }))],
  });
  forwardAuthEndpoint(app, 'POST', route.changePassword.path, {
    checks: [
      perSessionAccount,
      (request) => {
        const body = bodyOf(request);
        assertPasswordAllowed(body.newPassword);
        // Changing the password signs out every other session unless the caller asks to keep them.
        request.body = { ...body, revokeOtherSessions: body.revokeOtherSessions ?? true };
      },
    ],
  });
}
