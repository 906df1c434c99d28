import type { FastifyInstance } from 'fastify';
import { formatCents } from '@portal/contracts/money';
import type { Db } from '../../platform/db/client.ts';
import { portalLinks } from './links.ts';
import { cardLabel, mailDate, mailUser } from './mails.ts';
import { renewalReminders } from './schema.ts';

/** A renewal coming up, as billing reads it: what the renewal will charge and the card that will pay it. */
export interface UpcomingRenewal {
  subscriptionId: string;
  userId: string;
  /** The plan the renewal pays for (a scheduled downgrade's plan when there is one). */
  serviceTitle: string;
  amount: number;
  dueDate: Date;
  /** The card the renewal will charge, or null when the customer has none that can be charged. */
  card: { brand: string | null; last4: string | null } | null;
}

/**
 * "Your subscription renews soon", once per subscription and due date: the reminder's row is written first in the
 * caller's transaction, so a second sweep, on this instance or another, finds it and queues nothing. Optional mail:
 * skipped when the customer turned renewal reminders off. Returns the outbox id, or null when nothing was queued.
 */
export async function sendRenewalReminder(app: Pick<FastifyInstance, 'clock' | 'config' | 'mail'>, tx: Db, renewal: UpcomingRenewal): Promise<string | null> {
  const [fresh] = await tx
    .insert(renewalReminders)
    .values({ subscriptionId: renewal.subscriptionId, dueDate: renewal.dueDate, sentAt: app.clock() })
    .onConflictDoNothing()
    .returning();
  if (!fresh) return null;
  const date = mailDate(renewal.dueDate);
  const amount = formatCents(renewal.amount);
  const card = renewal.card ? cardLabel(renewal.card.brand, renewal.card.last4) : null;
  return mailUser(
    app,
    tx,
    renewal.userId,
    {
      kind: 'renewal-reminder',
      subject: `Your ${renewal.serviceTitle} subscription renews on ${date}`,
      notice: {
        heading: 'Your subscription renews soon',
        paragraphs: [
          card
            ? `${renewal.serviceTitle} renews on ${date}. We will charge ${amount} to your ${card}.`
            : `${renewal.serviceTitle} renews on ${date} for ${amount}, and you have no card on file that can pay it. Please add one before then.`,
          'To change the card or the plan, or to cancel before the renewal, open your subscription.',
        ],
        details: [
          { label: 'Plan', value: renewal.serviceTitle },
          { label: 'Amount', value: amount },
          { label: 'Renewal date', value: date },
          { label: 'Card', value: card ?? 'No card on file' },
        ],
        action: { label: 'View your subscription', url: portalLinks(app).subscriptionDetails(renewal.subscriptionId) },
        footnote: 'You can turn off renewal reminders in your account settings.',
      },
    },
    'renewalReminders',
  );
}
