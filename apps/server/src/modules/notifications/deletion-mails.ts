import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { portalLinks } from './links.ts';
import { mailDate } from './mails.ts';

interface DeletionMail {
  name: string;
  email: string;
  userId: string | null;
}

const userOf = (r: DeletionMail) => (r.userId && r.userId !== 'guest' ? r.userId : null);

/** The link that makes a deletion request take effect: sent to the address the request is for. */
export async function sendDeletionConfirmation(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, r: DeletionMail & { token: string; expiresAt: Date }) {
  return app.mail.queue(tx, {
    kind: 'deletion-confirm',
    to: r.email,
    userId: userOf(r),
    subject: 'Confirm your account deletion request',
    notice: {
      heading: 'Confirm your deletion request',
      paragraphs: [
        `Someone, hopefully you, asked us to delete the account and data of ${r.email}.`,
        'Deletion is permanent and irreversible. Nothing happens unless you confirm with the button below.',
      ],
      action: { label: 'Confirm deletion request', url: portalLinks(app).confirmDeletion(r.token) },
      footnote: `The link works until ${mailDate(r.expiresAt)} and only once. If you did not ask for this, ignore this e-mail.`,
    },
  });
}

/** The request is confirmed and waits for staff. */
export async function sendDeletionReceived(app: Pick<FastifyInstance, 'mail'>, tx: Db, r: DeletionMail) {
  return app.mail.queue(tx, {
    kind: 'deletion-received',
    to: r.email,
    userId: userOf(r),
    subject: 'We received your account deletion request',
    notice: {
      heading: 'Deletion request received',
      paragraphs: [
        `Thank you, ${r.name}. Your request to delete the account and data of ${r.email} is confirmed.`,
        'We will process it shortly and write to you once it is carried out.',
      ],
    },
  });
}

/** For the later issue that carries deletions out: the last mail to the address, in the deleting transaction. */
export async function sendDeletionCarriedOut(app: Pick<FastifyInstance, 'mail'>, tx: Db, r: DeletionMail) {
  return app.mail.queue(tx, {
    kind: 'deletion-done',
    to: r.email,
    userId: null,
    subject: 'Your account and data have been deleted',
    notice: {
      heading: 'Your data has been deleted',
      paragraphs: [
        `As you asked, we have deleted the account and data of ${r.email}.`,
        'Records the law requires us to keep (such as payment records) are kept only as long as required.',
      ],
    },
  });
}
