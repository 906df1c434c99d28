import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { betterAuth } from 'better-auth/minimal';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { AUTH_BASE_PATH } from '@portal/contracts/routes';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/contracts/auth';
import type { Config } from '../../config.ts';
import type { Db } from '../db/client.ts';
import { accounts, sessions, twoFactors, users, verifications } from './schema.ts';
import { trustedOrigins } from '../http/origins.ts';
import { googleSignInPlugins } from './google-sign-in.ts';
import type { Mailer } from '../mail/mailer.tsx';
import { accountMails, type AccountMailLinks } from './account-mail.ts';
import { passwordVerifier } from './imported-password.ts';
import { signInChanges } from './sign-in-changes.ts';
import { refuseProviderSignInPastSecondFactor } from './second-factor-sign-in.ts';
import { redactEmails } from '../http/logger.ts';
import { ownPagePath } from './own-page.ts';


/** Links of the web pages that account e-mails lead to (the web's own pages; the server only sends there). */
export const ACCOUNT_PAGES = { resetPassword: '/reset-password', emailVerified: '/email-verified' } as const;

/** better-auth's log level for each of the server's. */
const AUTH_LOG_LEVELS = { fatal: 'error', error: 'error', warn: 'warn', info: 'info', debug: 'debug', trace: 'debug', silent: 'error' } as const;

/** One detail better-auth logs, as text with no e-mail address in it. */
function loggable(detail: unknown): string {
  if (detail instanceof Error) return redactEmails(detail.stack ?? detail.message);
  if (typeof detail === 'string') return redactEmails(detail);
  try {
    return redactEmails(JSON.stringify(detail) ?? String(detail));
  } catch {
    return '[unloggable]';
  }
}

/** Whether better-auth sets its cookies Secure, `__Secure-` prefixed: when the portal is served over https. */
const secureCookies = (config: Config) => config.publicUrl.startsWith('https://');

/** The name of the session cookie better-auth sets and reads. */
export const sessionCookieName = (config: Config) => `${secureCookies(config) ? '__Secure-' : ''}better-auth.session_token`;

export function createAuth(config: Config, db: Db, mailer: () => Mailer, log: () => FastifyBaseLogger) {
  const mail = accountMails(config, db, mailer);
  const changes = signInChanges(db, mail.security);
  const refuseProviderSignIn = refuseProviderSignInPastSecondFactor(db);
  const links: AccountMailLinks = {
    // better-auth's own GET checks the token and sends the browser on with ?token=… or ?error=INVALID_TOKEN.
    resetPassword: (token) =>
      `${config.publicUrl}${AUTH_BASE_PATH}/reset-password/${token}?callbackURL=${encodeURIComponent(`${config.publicUrl}${ACCOUNT_PAGES.resetPassword}`)}`,
    verifyEmail: (token, page = ACCOUNT_PAGES.emailVerified) =>
      `${config.publicUrl}${AUTH_BASE_PATH}/verify-email?token=${token}&callbackURL=${encodeURIComponent(`${config.publicUrl}${page}`)}`,
  };
  /**
   * The page a verification link goes on to: the one the sign-up or "Resend" named (better-auth puts it in its own
   * link, "/" when none was named), if it is a page of this site; else the page that says the address is verified.
   */
  const pageAfterVerification = (betterAuthUrl: string) => {
    const named = new URL(betterAuthUrl).searchParams.get('callbackURL');
    const page = named && named !== '/' ? ownPagePath(named, config.publicUrl) : null;
    return page ?? ACCOUNT_PAGES.emailVerified;
  };
  return betterAuth({
    appName: 'Your Business Your App',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      // A new account signs in only once the link mailed to its address is followed (decision 0052). Sign-up then
      // answers alike for a new address and for one that has an account, whose owner is told by e-mail instead.
      requireEmailVerification: true,
      onExistingUserSignUp: async ({ user }) => void (await mail.signUpForExistingAccount(user)),
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // A reset is what someone does who fears another has the password: every session of the account ends.
      revokeSessionsOnPasswordReset: true,
      // Passwords brought over from the original system are checked with its modified scrypt once (decision 24).
      password: { verify: passwordVerifier(db) },
      // A reset link works once (its verification row is deleted when used) and for one hour.
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      sendResetPassword: async ({ user, token }) => mail.resetPassword(user, links.resetPassword(token)),
      // The reset link reached the address, which proves it: an account not yet verified is from now on.
      onPasswordReset: async ({ user }) => {
        await db.update(users).set({ emailVerified: true }).where(and(eq(users.id, user.id), eq(users.emailVerified, false)));
        await mail.security(user, { kind: 'password-reset' });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A sign-in refused for an unverified address sends nothing by itself: the page offers "Resend".
      sendOnSignIn: false,
      // Following the link signs the new account in, and goes on to the page the sign-up named (its plan's checkout).
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_LINK_SECONDS,
      sendVerificationEmail: async ({ user, token, url }) => mail.verification(user, links.verifyEmail(token, pageAfterVerification(url))),
    },
    databaseHooks: {
      user: {
        create: { after: async (user) => mail.welcome(user) },
        // better-auth calls afterEmailVerification for a change of address only when the old one was verified: the
        // update itself is what every confirmed change goes through.
        update: { after: async (user, context) => changes.userUpdated(user, context) },
      },
      session: {
        create: {
          before: refuseProviderSignIn,
          after: async (session, context) => changes.sessionCreated(session, context),
        },
      },
      account: { update: { after: async (account, context) => changes.passwordChanged(account, context) } },
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
    // Into the server's log, at its level, with no e-mail address (e.g. of a sign-up for an existing account).
    logger: {
      disabled: config.LOG_LEVEL === 'silent',
      level: AUTH_LOG_LEVELS[config.LOG_LEVEL],
      log: (level, message, ...args) => log()[level]({ details: args.map(loggable) }, `better-auth: ${redactEmails(message)}`),
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // Read with the session so that a sensitive change can tell how recent the sign-in is (decision 0049).
      additionalFields: { authenticatedAt: { type: 'date', required: false, input: false } },
    },
    // Sign-in and sign-up are rate limited by the HTTP layer, keyed on the client address it trusts.
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      useSecureCookies: secureCookies(config),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    plugins: [
      // A second factor (decision 0050): an authenticator app's code, or a recovery code that works once.
      twoFactor({
        issuer: config.COMPANY_NAME,
        // Accounts with a password confirm it to change their second factor; Google-only accounts have none.
        allowPasswordless: true,
        trustDeviceMaxAge: TRUSTED_DEVICE_SECONDS,
      }),
      ...googleSignInPlugins(config),
    ],
  });
}

/** How long "Trust this device" spares a browser the second factor at sign-in. */
export const TRUSTED_DEVICE_SECONDS = 30 * 24 * 60 * 60;

/** How long the e-mailed links work. */
export const RESET_LINK_SECONDS = 60 * 60;
export const VERIFY_LINK_SECONDS = 24 * 60 * 60;

export type Auth = ReturnType<typeof createAuth>;
