import type { FastifyInstance } from 'fastify';
import { formatCents } from '@portal/contracts/money';
import type { Db } from '../../platform/db/client.ts';
import { portalLinks } from './links.ts';
import { cardLabel, mailDate, mailUser } from './mails.ts';

/** A refund that has gone through, with the payment it was made from. */
export interface IssuedRefund {
  userId: string;
  amount: number;
  reason: string;
  paymentAmount: number;
  serviceTitle: string;
  cardBrand: string | null;
  cardLast4: string | null;
  paidAt: Date;
  refundedAt: Date;
}

/** A refund reached the customer's card (staff's, or one made at Square). Always sent. */
export async function sendRefundIssued(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, r: IssuedRefund) {
  return mailUser(app, tx, r.userId, {
    kind: 'refund',
    subject: `Your refund: ${formatCents(r.amount)} for ${r.serviceTitle}`,
    notice: {
      heading: 'We have refunded you',
      paragraphs: [
        `We refunded ${formatCents(r.amount)} of your ${formatCents(r.paymentAmount)} payment for ${r.serviceTitle} on ${mailDate(r.paidAt)}.`,
        'A refund usually reaches your card within 5 to 10 business days, depending on your bank.',
      ],
      details: [
        { label: 'Refunded', value: formatCents(r.amount) },
        { label: 'Reason', value: r.reason },
        { label: 'Card', value: cardLabel(r.cardBrand, r.cardLast4) },
        { label: 'Date', value: mailDate(r.refundedAt) },
      ],
      action: { label: 'View payment history', url: portalLinks(app).paymentHistory() },
      footnote: 'The refund is also shown in your payment history and on the payment’s receipt.',
    },
  });
}

export interface ExtendedSubscription {
  id: string;
  userId: string;
  serviceTitle: string;
  days: number;
  previousDueDate: Date;
  dueDate: Date;
}

/** Staff moved a subscription's due date on as a goodwill credit. Always sent. */
export async function sendDueDateExtended(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, sub: ExtendedSubscription) {
  const days = sub.days === 1 ? '1 day' : `${sub.days} days`;
  return mailUser(app, tx, sub.userId, {
    kind: 'subscription-extended',
    subject: `${days} of ${sub.serviceTitle} on us`,
    notice: {
      heading: `We added ${days} to your subscription`,
      paragraphs: [
        `As a thank-you for your patience, ${sub.serviceTitle} now renews on ${mailDate(sub.dueDate)} instead of ${mailDate(sub.previousDueDate)}, at no charge.`,
      ],
      details: [
        { label: 'Plan', value: sub.serviceTitle },
        { label: 'Next renewal', value: mailDate(sub.dueDate) },
      ],
      action: { label: 'View your subscription', url: portalLinks(app).subscriptionDetails(sub.id) },
    },
  });
}
