import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { portalLinks } from './links.ts';
import { mailDate } from './mails.ts';

/** The one-time link of a staff invitation (decision 0037): it sets a name and password, then signs in as staff. */
export async function sendStaffInvitation(
  app: FastifyInstance,
  tx: Db,
  invitation: { email: string; invitedByName: string; token: string; expiresAt: Date },
) {
  return app.mail.queue(tx, {
    kind: 'staff-invitation',
    to: invitation.email,
    userId: null,
    subject: `You are invited to join the staff of ${app.config.COMPANY_NAME}`,
    notice: {
      heading: 'Join the staff',
      paragraphs: [
        `${invitation.invitedByName} invited ${invitation.email} to the staff console, where the team answers chats and looks after customers.`,
        'Choose your name and a password with the button below; you are then signed in as staff.',
      ],
      action: { label: 'Accept the invitation', url: portalLinks(app).staffInvitation(invitation.token) },
      footnote: `The link works until ${mailDate(invitation.expiresAt)} (UTC) and only once. If you did not expect it, ignore this e-mail.`,
    },
  });
}
