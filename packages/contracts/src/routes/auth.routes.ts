import { z } from 'zod';
import { resendVerificationSchema, signInSchema, signUpAnswerSchema, signUpSchema } from '../auth.ts';
import { changeEmailSchema, changePasswordSchema, forgotPasswordSchema, resetPasswordSchema } from '../account.ts';
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
  summary:
    'Create an account with e-mail and password (checked against the sign-up rules first; rate limited per client and per address). The same answer whether the address is new (a verification link is mailed; the account signs in once it is followed) or has an account (its owner is told by e-mail)',
  body: signUpSchema,
  responses: { 200: signUpAnswerSchema },
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

export const requestPasswordReset = defineRoute({
  method: 'POST',
  path: `${AUTH_BASE_PATH}/request-password-reset`,
  auth: 'public',
  hide: true,
  tags,
  summary: '"Forgot password?": e-mails a one-time link (1 hour) if the address has an account; the same answer either way (rate limited)',
  body: forgotPasswordSchema,
  responses: { 200: authAnswer },
});

export const resetPassword = defineRoute({
  method: 'POST',
  path: `${AUTH_BASE_PATH}/reset-password`,
  auth: 'public',
  hide: true,
  tags,
  summary: 'Sets a new password with the e-mailed token (single use) and signs out every session (rate limited)',
  body: resetPasswordSchema,
  responses: { 200: authAnswer },
});

export const sendVerificationEmail = defineRoute({
  method: 'POST',
  path: `${AUTH_BASE_PATH}/send-verification-email`,
  auth: 'public',
  hide: true,
  tags,
  summary:
    'Sends the verification link again: to the signed-in account, or without a session to the address named if it has an unverified account (the same answer either way; rate limited per address)',
  body: resendVerificationSchema,
  responses: { 200: authAnswer },
});

export const changeEmail = defineRoute({
  method: 'POST',
  path: `${AUTH_BASE_PATH}/change-email`,
  auth: 'public',
  hide: true,
  tags,
  summary: 'Asks to change the e-mail address: a link goes to the new address, a notice to the current one (rate limited)',
  body: changeEmailSchema,
  responses: { 200: authAnswer },
});

export const changePassword = defineRoute({
  method: 'POST',
  path: `${AUTH_BASE_PATH}/change-password`,
  auth: 'public',
  hide: true,
  tags,
  summary: 'Changes the password (needs the current one) and signs out other devices (rate limited)',
  body: changePasswordSchema,
  responses: { 200: authAnswer },
});

/** An authenticator app's 6-digit code, or a recovery code (`abcde-12345`), as typed (spaces are dropped). */
const typedCode = z.string().trim().min(1, 'Enter the code.').max(32).transform((code) => code.replace(/\s+/g, ''));
/** Confirms a change of the second factor: the password, if the account has one (Google-only accounts have none). */
const passwordConfirmation = z.object({ password: z.string().max(128).optional() });

export const enableTwoFactor = defineRoute({
  method: 'POST',
  path: `${AUTH_BASE_PATH}/two-factor/enable`,
  auth: 'public',
  hide: true,
  tags,
  summary: 'Starts setting up two-factor authentication: a new secret (as an otpauth URI) and recovery codes; on once a code is confirmed (rate limited)',
  body: passwordConfirmation,
  responses: { 200: z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) }).loose() },
});

export const verifyTwoFactorCode = defineRoute({
  method: 'POST',
  path: `${AUTH_BASE_PATH}/two-factor/verify-totp`,
  auth: 'public',
  hide: true,
  tags,
  summary: "Confirms an authenticator app's code: finishes a sign-in, or turns two-factor authentication on (rate limited)",
  body: z.object({ code: typedCode, trustDevice: z.boolean().optional() }),
  responses: { 200: authAnswer },
});

export const verifyRecoveryCode = defineRoute({
  method: 'POST',
  path: `${AUTH_BASE_PATH}/two-factor/verify-backup-code`,
  auth: 'public',
  hide: true,
  tags,
  summary: 'Finishes a sign-in with a recovery code, which then never works again (rate limited)',
  body: z.object({ code: typedCode, trustDevice: z.boolean().optional() }),
  responses: { 200: authAnswer },
});

export const regenerateRecoveryCodes = defineRoute({
  method: 'POST',
  path: `${AUTH_BASE_PATH}/two-factor/generate-backup-codes`,
  auth: 'public',
  hide: true,
  tags,
  summary: 'Replaces the recovery codes with new ones; the old ones stop working (rate limited)',
  body: passwordConfirmation,
  responses: { 200: z.object({ backupCodes: z.array(z.string()) }).loose() },
});

export const disableTwoFactor = defineRoute({
  method: 'POST',
  path: `${AUTH_BASE_PATH}/two-factor/disable`,
  auth: 'public',
  hide: true,
  tags,
  summary: 'Turns two-factor authentication off (rate limited; staff cannot)',
  body: passwordConfirmation,
  responses: { 200: authAnswer },
});

export const twoFactorRoutes = { enableTwoFactor, verifyTwoFactorCode, verifyRecoveryCode, regenerateRecoveryCodes, disableTwoFactor };

export const authRoutes = {
  signInWithEmail,
  signUpWithEmail,
  signOut,
  signInWithGoogle,
  requestPasswordReset,
  resetPassword,
  sendVerificationEmail,
  changeEmail,
  changePassword,
  ...twoFactorRoutes,
};
