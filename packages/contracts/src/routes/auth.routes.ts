import { z } from 'zod';
import { signInSchema, signUpSchema } from '../auth.ts';
import { defineRoute } from '../route.ts';

/**
 * better-auth answers everything under this path itself; the portal names here the endpoints it calls or guards
 * (rate limits, sign-up rules), so that no client spells their paths.
 */
export const AUTH_BASE_PATH = '/api/auth';

const tags = ['auth'];
const authAnswer = z.unknown();

export const signInWithEmail = defineRoute({
  method: 'POST',
  path: `${AUTH_BASE_PATH}/sign-in/email`,
  auth: 'public',
  hide: true,
  tags,
  summary: 'Sign in with e-mail and password (better-auth; rate limited)',
  body: signInSchema.extend({ rememberMe: z.boolean().optional() }),
  responses: { 200: authAnswer },
});

export const signUpWithEmail = defineRoute({
  method: 'POST',
  path: `${AUTH_BASE_PATH}/sign-up/email`,
  auth: 'public',
  hide: true,
  tags,
  summary: 'Create an account with e-mail and password (checked against the sign-up rules first; rate limited)',
  body: signUpSchema,
  responses: { 200: authAnswer },
});

export const signOut = defineRoute({
  method: 'POST',
  path: `${AUTH_BASE_PATH}/sign-out`,
  auth: 'public',
  hide: true,
  tags,
  summary: 'Sign out: the session row is deleted',
  body: z.object({}),
  responses: { 200: authAnswer },
});

export const signInWithGoogle = defineRoute({
  method: 'POST',
  path: `${AUTH_BASE_PATH}/sign-in/social`,
  auth: 'public',
  hide: true,
  tags,
  summary: 'Start the Google authorization-code flow; answers the provider URL to go to',
  body: z.object({
    provider: z.literal('google'),
    callbackURL: z.string(),
    newUserCallbackURL: z.string().optional(),
    errorCallbackURL: z.string().optional(),
  }),
  responses: { 200: z.object({ url: z.string().optional() }).loose() },
});

export const authRoutes = { signInWithEmail, signUpWithEmail, signOut, signInWithGoogle };
