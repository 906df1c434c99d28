import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../db/client.ts';
import type { MailRequest } from '../mail/mailer.tsx';

/**
 * Every change to how an account signs in is told to its owner by e-mail, as Account Settings promises: these are
 * security e-mails, which no mail preference turns off. Each names what happened and what to do if it was not them.
 */
export type SecurityEvent =
  | { kind: 'password-changed' }
  | { kind: 'password-reset' }
  | { kind: 'password-added' }
  /** Sent to the address the account had before; `newEmail` is the one it has now. */
  | { kind: 'email-changed'; previousEmail: string; newEmail: string }
  | { kind: 'second-factor-added' }
  | { kind: 'second-factor-removed' }
  | { kind: 'staff-new-device'; userAgent: string | null; ipAddress: string | null; at: Date };

export interface SecurityMailUser {
  id: string;
  email: string;
  name: string;
}

const greeting = (user: SecurityMailUser) => `Hi ${user.name || 'there'},`;
const NOT_YOU = 'If it was not you, reset your password now and sign out of other devices in Account Settings.';

/** The security e-mail of one event: to the account's address (the previous one for a change of address). */
export function securityMail(config: Config, user: SecurityMailUser, event: SecurityEvent): MailRequest {
  const settings = { label: 'Open Account Settings', url: `${config.publicUrl}/account-settings` };
  const reset = { label: 'Reset your password', url: `${config.publicUrl}/forgot-password` };
  const mail = (subject: string, paragraphs: string[], action = settings, to = user.email): MailRequest => ({
    kind: `security-${event.kind}`,
    to,
    userId: user.id,
    subject,
    notice: { heading: subject, paragraphs: [greeting(user), ...paragraphs], action },
  });
  switch (event.kind) {
    case 'password-changed':
      return mail('Your password was changed', ['The password of your account was changed, and every other device signed in to it was signed out.', NOT_YOU], reset);
    case 'password-reset':
      return mail('Your password was reset', ['The password of your account was reset with the link sent to this address, and every device signed in to it was signed out.', NOT_YOU], reset);
    case 'password-added':
      return mail('A password was added to your account', ['Your account can now be signed in to with its e-mail address and a password, as well as with Google.', NOT_YOU], reset);
    case 'email-changed':
      return mail(
        'Your e-mail address was changed',
        [
          `Your ${config.COMPANY_NAME} account now uses ${event.newEmail} instead of this address, and every other device signed in to it was signed out.`,
          'If it was not you, contact us at once by replying to this e-mail: this address no longer signs in to the account.',
        ],
        { label: `Open ${config.COMPANY_NAME}`, url: config.publicUrl },
        event.previousEmail,
      );
    case 'second-factor-added':
      return mail('Two-step verification was turned on', ['Signing in to your account now also asks for a code from your authenticator app.', NOT_YOU]);
    case 'second-factor-removed':
      return mail('Two-step verification was turned off', ['Signing in to your account no longer asks for a code from your authenticator app.', NOT_YOU]);
    case 'staff-new-device':
      return mail('A new device signed in to your staff account', [
        `A device signed in to your staff account on ${event.at.toUTCString()}: ${event.userAgent ?? 'an unknown browser'}${event.ipAddress ? ` from ${event.ipAddress}` : ''}.`,
        NOT_YOU,
      ]);
  }
}

/**
 * Queues the security e-mail of `event`: in the caller's transaction when one is given (sent only if it commits),
 * else in a transaction of its own. Code that changes how an account signs in (a second factor turned on or off)
 * calls this.
 */
export async function sendSecurityMail(app: Pick<FastifyInstance, 'config' | 'db' | 'mail'>, user: SecurityMailUser, event: SecurityEvent, tx?: Db): Promise<void> {
  const request = securityMail(app.config, user, event);
  if (tx) await app.mail.queue(tx, request);
  else await app.db.transaction(async (own) => void (await app.mail.queue(own as unknown as Db, request)));
}
