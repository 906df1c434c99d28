import type { FastifyInstance } from 'fastify';
import { formatCents } from '@portal/contracts/money';
import type { Db } from '../../platform/db/client.ts';
import { portalLinks } from './links.ts';
import { mailDate, mailUser } from './mails.ts';
import { priceChangeNotices } from './schema.ts';

/** A subscription that a plan's price change reaches, as billing reads it. */
export interface AnnouncedPrice {
  changeId: string;
  subscriptionId: string;
  userId: string;
  serviceTitle: string;
  recurring: string;
  currentAmount: number;
  newAmount: number;
  effectiveAt: Date;
  /** The subscription's first renewal on or after the effective date: the first one charged the new price. */
  firstRenewalAt: Date;
}

/**
 * "The price of your plan changes": at once when the change is set (`notice`), and again some days before it takes
 * effect (`reminder`). The row is written first in the caller's transaction, so a second sweep, on this instance or
 * another, finds it and queues nothing. Always sent (it is about what the customer will be charged). Returns the
 * outbox id, or null when this mail was already queued.
 */
export async function sendPriceChangeNotice(app: Pick<FastifyInstance, 'clock' | 'config' | 'mail'>, tx: Db, kind: 'notice' | 'reminder', change: AnnouncedPrice): Promise<string | null> {
  const [fresh] = await tx
    .insert(priceChangeNotices)
    .values({ changeId: change.changeId, subscriptionId: change.subscriptionId, kind, sentAt: app.clock() })
    .onConflictDoNothing()
    .returning();
  if (!fresh) return null;
  const date = mailDate(change.effectiveAt);
  const renewal = mailDate(change.firstRenewalAt);
  const from = formatCents(change.currentAmount);
  const to = formatCents(change.newAmount);
  return mailUser(app, tx, change.userId, {
    kind: kind === 'notice' ? 'price-change-notice' : 'price-change-reminder',
    subject: kind === 'notice' ? `The price of ${change.serviceTitle} changes on ${date}` : `Reminder: the price of ${change.serviceTitle} changes on ${date}`,
    notice: {
      heading: kind === 'notice' ? 'Your plan’s price is changing' : 'Your plan’s new price starts soon',
      paragraphs: [
        `From ${date}, ${change.serviceTitle} costs ${to} per ${change.recurring} instead of ${from}.`,
        `Your subscription renews at the new price from its first renewal on or after that date, on ${renewal}. Until then nothing changes.`,
        'To change your plan or cancel before that renewal, open your subscription.',
      ],
      details: [
        { label: 'Plan', value: change.serviceTitle },
        { label: 'Current price', value: from },
        { label: 'New price', value: to },
        { label: 'Takes effect', value: date },
        { label: 'First renewal at the new price', value: renewal },
      ],
      action: { label: 'View your subscription', url: portalLinks(app).subscriptionDetails(change.subscriptionId) },
    },
  });
}

/** A subscription told of a price change that staff have since withdrawn. */
export interface WithdrawnPrice {
  subscriptionId: string;
  userId: string;
  serviceTitle: string;
  recurring: string;
  currentAmount: number;
  withdrawnAmount: number;
  effectiveAt: Date;
}

/**
 * "The price of your plan is not changing": to each subscription told of a change that was withdrawn, queued in the
 * withdrawing transaction with the clearing of its coming price, which is the claim (a subscription is cleared once).
 * Always sent, as the notice was.
 */
export function sendPriceChangeWithdrawn(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, change: WithdrawnPrice) {
  const date = mailDate(change.effectiveAt);
  const stays = formatCents(change.currentAmount);
  return mailUser(app, tx, change.userId, {
    kind: 'price-change-withdrawn',
    subject: `The price of ${change.serviceTitle} is not changing`,
    notice: {
      heading: 'Your plan’s price stays as it is',
      paragraphs: [
        `We wrote that ${change.serviceTitle} would cost ${formatCents(change.withdrawnAmount)} per ${change.recurring} from ${date}. That change is withdrawn.`,
        `Your subscription keeps renewing at ${stays} per ${change.recurring}.`,
      ],
      details: [
        { label: 'Plan', value: change.serviceTitle },
        { label: 'Price', value: stays },
      ],
      action: { label: 'View your subscription', url: portalLinks(app).subscriptionDetails(change.subscriptionId) },
    },
  });
}
