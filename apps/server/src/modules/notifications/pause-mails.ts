import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { portalLinks } from './links.ts';
import { mailDate, mailUser } from './mails.ts';

export interface PausedSubscriptionMail {
  id: string;
  userId: string;
  serviceTitle: string;
  /** The due date: on a pause, the one it will have after resuming on `resumesAt`. */
  dueDate: Date;
  resumesAt: Date | null;
}

/** A subscription was paused or resumed (by the customer, by staff, or on its date). Always sent: it is about money. */
export async function sendPauseChange(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, sub: PausedSubscriptionMail, change: 'paused' | 'resumed') {
  const action = { label: 'View your subscription', url: portalLinks(app).subscriptionDetails(sub.id) };
  const resumesAt = change === 'paused' ? sub.resumesAt : null;
  return mailUser(app, tx, sub.userId, {
    kind: `subscription-${change}`,
    subject: resumesAt ? `Your ${sub.serviceTitle} subscription is paused` : `Your ${sub.serviceTitle} subscription has resumed`,
    notice: resumesAt
      ? {
          heading: 'Your subscription is paused',
          paragraphs: [
            `Nothing is charged for ${sub.serviceTitle} while it is paused. It resumes by itself on ${mailDate(resumesAt)}, and your next payment is then due on ${mailDate(sub.dueDate)}.`,
            'You can resume it earlier from your subscription page.',
          ],
          action,
        }
      : {
          heading: 'Your subscription has resumed',
          paragraphs: [`${sub.serviceTitle} is active again. Your next payment is due on ${mailDate(sub.dueDate)}.`],
          action,
        },
  });
}
