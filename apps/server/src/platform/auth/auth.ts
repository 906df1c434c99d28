import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { AUTH_BASE_PATH } from '@portal/contracts/routes';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/contracts/auth';
import type { Config } from '../../config.ts';
import type { Db } from '../db/client.ts';
import { accounts, sessions, users, verifications } from './schema.ts';
import { trustedOrigins } from '../http/origins.ts';
import { googleSignInPlugins } from './google-sign-in.ts';
import type { Mailer } from '../mail/mailer.tsx';
import { accountMails, type AccountMailLinks } from './account-mail.ts';
import { passwordVerifier } from './imported-password.ts';


/** Links of the web pages that account e-mails lead to (the web's own pages; the server only sends there). */
export const ACCOUNT_PAGES = { resetPassword: '/reset-password', emailVerified: '/email-verified' } as const;

export function createAuth(config: Config, db: Db, mailer: () => Mailer) {
  const mail = accountMails(config, db, mailer);
  const links: AccountMailLinks = {
    // better-auth's own GET checks the token and sends the browser on with ?token=… or ?error=INVALID_TOKEN.
    resetPassword: (token) =>
      `${config.publicUrl}${AUTH_BASE_PATH}/reset-password/${token}?callbackURL=${encodeURIComponent(`${config.publicUrl}${ACCOUNT_PAGES.resetPassword}`)}`,
    verifyEmail: (token) =>
      `${config.publicUrl}${AUTH_BASE_PATH}/verify-email?token=${token}&callbackURL=${encodeURIComponent(`${config.publicUrl}${ACCOUNT_PAGES.emailVerified}`)}`,
  };
  return betterAuth({
    appName: 'Your Business Your App',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // A reset is what someone does who fears another has the password: every session of the account ends.
      revokeSessionsOnPasswordReset: true,
      // Passwords brought over from the original system are checked with its modified scrypt once (decision 24).
      password: { verify: passwordVerifier(db) },
      // A reset link works once (its verification row is deleted when used) and for one hour.
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      sendResetPassword: async ({ user, token }) => mail.resetPassword(user, links.resetPassword(token)),
    },
    emailVerification: {
      // Verification never blocks signing in (requireEmailVerification stays off): a banner asks for it.
      sendOnSignUp: true,
      expiresIn: VERIFY_LINK_SECONDS,
      sendVerificationEmail: async ({ user, token }) => mail.verification(user, links.verifyEmail(token)),
    },
    databaseHooks: {
      user: { create: { after: async (user) => mail.welcome(user) } },
    },
    user: {
      additionalFields: {
        phone: { type: 'string', required: false, input: true },
        role: { type: 'string', required: false, input: false, defaultValue: 'customer' },
      },
      // A new address takes effect only when the link sent to it is followed; the old one gets a notice.
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
    },
    account: {
      // Google proves ownership of the address (email_verified), so a Google sign-in with the same e-mail
      // joins the existing password account; an unverified address never does.
      accountLinking: { enabled: true, trustedProviders: [], allowDifferentEmails: false },
    },
    logger: { disabled: config.LOG_LEVEL === 'silent' },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Sign-in and sign-up are rate limited by the HTTP layer, keyed on the client address it trusts.
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    plugins: [...googleSignInPlugins(config)],
  });
}

/** How long the e-mailed links work. */
export const RESET_LINK_SECONDS = 60 * 60;
export const VERIFY_LINK_SECONDS = 24 * 60 * 60;

export type Auth = ReturnType<typeof createAuth>;
