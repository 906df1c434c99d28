import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../db/client.ts';
import type { Mailer, MailRequest } from '../mail/mailer.tsx';
import { users } from './schema.ts';
import { securityMail, type SecurityEvent } from './security-mail.ts';

export interface AccountMailLinks {
  resetPassword: (token: string) => string;
  /** `page`: where the link goes on to once followed (a page of this site). */
  verifyEmail: (token: string, page?: string) => string;
}

interface MailUser {
  id: string;
  email: string;
  name: string;
}

const greeting = (user: MailUser) => `Hi ${user.name || 'there'},`;

/**
 * The security e-mails better-auth asks for. better-auth gives its callbacks no transaction, so each mail is queued
 * in a transaction of its own: written to the outbox, then sent by the sender like every other mail.
 */
export function accountMails(config: Config, db: Db, mailer: () => Mailer) {
  const queue = (...mails: MailRequest[]) =>
    db.transaction(async (tx) => {
      for (const mail of mails) await mailer().queue(tx as unknown as Db, mail);
    });
  const app = config.COMPANY_NAME;

  return {
    /** A change to how the account signs in (security-mail.ts). */
    security: (user: MailUser, event: SecurityEvent) => queue(securityMail(config, user, event)),

    welcome: (user: MailUser) =>
      queue({
        kind: 'welcome',
        to: user.email,
        userId: user.id,
        subject: `Welcome to ${app}`,
        notice: {
          heading: `Welcome to ${app}`,
          paragraphs: [
            greeting(user),
            'Your account is ready. Choose a plan, tell us about your business, and we build your branded app.',
          ],
          action: { label: 'Open your portal', url: `${config.publicUrl}/dashboard` },
        },
      }),

    resetPassword: (user: MailUser, url: string) =>
      queue({
        kind: 'password-reset',
        to: user.email,
        userId: user.id,
        subject: 'Reset your password',
        notice: {
          heading: 'Reset your password',
          paragraphs: [
            greeting(user),
            'Someone asked to reset the password of your account. Follow the link to choose a new one; every device signed in to your account is then signed out.',
            'If it was not you, ignore this e-mail: your password stays as it is.',
          ],
          action: { label: 'Choose a new password', url },
          footnote: 'The link works once, for 1 hour.',
        },
      }),

    /**
     * A sign-up for an address that already has an account: no second account is made, and the answer is the one a
     * new address gets (decision 0052), so the owner is the one who is told, with the ways back into the account.
     */
    signUpForExistingAccount: (user: MailUser) =>
      queue({
        kind: 'sign-up-existing-account',
        to: user.email,
        userId: user.id,
        subject: 'Someone tried to create an account with your e-mail address',
        notice: {
          heading: 'You already have an account',
          paragraphs: [
            greeting(user),
            `Someone tried to create a new ${app} account with ${user.email}. This address already has an account, so no new one was made and nothing in yours changed.`,
            'If it was you, sign in to your account instead. If you forgot your password, choose a new one with the link below.',
            'If it was not you, you can ignore this e-mail.',
          ],
          action: { label: 'Sign in', url: `${config.publicUrl}/login` },
          secondaryAction: { label: 'Reset your password', url: `${config.publicUrl}/forgot-password` },
        },
      }),

    /** Sign-up and "Resend" verify the account's address; a change of address verifies the new one. */
    async verification(user: MailUser, url: string) {
      const [stored] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
      if (stored && stored.email !== user.email) {
        return queue(
          {
            kind: 'email-change-confirm',
            to: user.email,
            userId: user.id,
            subject: 'Confirm your new e-mail address',
            notice: {
              heading: 'Confirm your new e-mail address',
              paragraphs: [greeting(user), `Follow the link to use ${user.email} for your ${app} account from now on.`],
              action: { label: 'Confirm this address', url },
              footnote: 'The link works for 24 hours. Until it is followed, your account keeps its current address.',
            },
          },
          {
            kind: 'email-change-notice',
            to: stored.email,
            userId: user.id,
            subject: 'Your e-mail address is being changed',
            notice: {
              heading: 'Your e-mail address is being changed',
              paragraphs: [
                greeting(user),
                `Someone signed in to your account asked to change its e-mail address to ${user.email}. The change happens only when the link sent to that address is followed.`,
                'If it was not you, change your password now and sign out of other devices in Account Settings.',
              ],
              action: { label: 'Open Account Settings', url: `${config.publicUrl}/account-settings` },
            },
          },
        );
      }
      return queue({
        kind: 'email-verification',
        to: user.email,
        userId: user.id,
        subject: 'Verify your e-mail address',
        notice: {
          heading: 'Verify your e-mail address',
          paragraphs: [greeting(user), `Follow the link to confirm that ${user.email} is yours.`],
          action: { label: 'Verify my address', url },
          footnote: 'The link works for 24 hours.',
        },
      });
    },
  };
}
