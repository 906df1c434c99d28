import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';

interface MailUser {
  id: string;
  email: string;
  name: string;
}

/**
 * The security e-mail sent when an account's second factor is turned on or off, so that its owner hears of a change
 * they did not make. Queued in a transaction of its own after better-auth made the change (it gives no transaction).
 */
export async function sendSecondFactorChanged(app: Pick<FastifyInstance, 'config' | 'db' | 'mail'>, user: MailUser, change: 'added' | 'removed') {
  const added = change === 'added';
  const heading = added ? 'Two-factor authentication is on' : 'Two-factor authentication is off';
  await app.db.transaction(async (tx) => {
    await app.mail.queue(tx as unknown as Db, {
      kind: added ? 'two-factor-added' : 'two-factor-removed',
      to: user.email,
      userId: user.id,
      subject: heading,
      notice: {
        heading,
        paragraphs: [
          `Hi ${user.name || 'there'},`,
          added
            ? `Signing in to your ${app.config.COMPANY_NAME} account now asks for a code from your authenticator app, or one of your recovery codes.`
            : `Signing in to your ${app.config.COMPANY_NAME} account no longer asks for a code from an authenticator app.`,
          'If it was not you, change your password now and sign out of other devices in Account Settings.',
        ],
        action: { label: 'Open Account Settings', url: `${app.config.publicUrl}/account-settings` },
      },
    });
  });
}
