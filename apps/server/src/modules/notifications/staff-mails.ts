import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { disputeLabel, type DisputeState } from '@portal/contracts/billing';
import { formatCents } from '@portal/contracts/money';
import { users } from '../../platform/auth/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { portalLinks } from './links.ts';
import { mailDate } from './mails.ts';

/** The one-time link of a staff invitation (decision 0037): it sets a name and password, then signs in as staff. */
export async function sendStaffInvitation(
  app: Pick<FastifyInstance, 'config' | 'mail'>,
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

/** A dispute just recorded, as the staff alert tells it. */
export interface NewDispute {
  id: string;
  paymentId: string;
  userId: string;
  serviceTitle: string;
  state: DisputeState;
  reason: string;
  amount: number;
  dueAt: Date | null;
}

/**
 * A cardholder disputed a payment at their bank (Square's `dispute.created`): every admin is told (money is theirs
 * to handle, decision 0058), since evidence is due at Square by a date and an unanswered dispute is lost.
 */
export async function sendDisputeAlert(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, dispute: NewDispute) {
  const staff = await tx.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  const [customer] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, dispute.userId));
  const who = customer ? `${customer.name || customer.email}` : 'A customer';
  const reason = dispute.reason.toLowerCase().replace(/_/g, ' ');
  for (const member of staff) {
    await app.mail.queue(tx, {
      kind: 'dispute-alert',
      to: member.email,
      userId: null,
      subject: `${disputeLabel(dispute.state)}: ${formatCents(dispute.amount)} for ${dispute.serviceTitle}`,
      notice: {
        heading: 'A payment is disputed',
        paragraphs: [
          `${who} disputed a payment of ${formatCents(dispute.amount)} for ${dispute.serviceTitle} with their bank (reason: ${reason}).`,
          dispute.dueAt
            ? `Square needs the evidence by ${mailDate(dispute.dueAt)} (UTC); respond in Square's Dashboard, under Disputes.`
            : "Respond in Square's Dashboard, under Disputes.",
        ],
        action: { label: "Open the customer's page", url: portalLinks(app).staffCustomer(dispute.userId) },
        footnote: `Square dispute ${dispute.id}, payment ${dispute.paymentId}.`,
      },
    });
  }
}
