import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { brandLabel } from '@portal/contracts/card-brand';
import { formatLongDate } from '@portal/contracts/dates';
import { formatCents } from '@portal/contracts/money';
import type { ReceiptLine } from '@portal/contracts/receipt';
import { users } from '../../platform/auth/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import type { MailAttachment } from '../../platform/mail/schema.ts';
import type { MailRequest } from '../../platform/mail/mailer.tsx';
import type { NotificationMail } from './mail-kinds.ts';
import { portalLinks } from './links.ts';
import { wantsMail, type OptionalMail } from './preferences.ts';
import { cardExpiryNotices } from './schema.ts';

/** "March 10, 2026" (UTC, as the portal shows dates). */
export const mailDate = formatLongDate;

export const cardLabel = (brand: string | null, last4: string | null) => (last4 ? `${brandLabel(brand)} ending in ${last4}` : 'No card on file');

/**
 * Queues a mail to a user's current address in the caller's transaction; an optional kind is skipped when the
 * user turned it off. Returns the outbox id, or null when nothing was queued.
 */
export async function mailUser(
  app: Pick<FastifyInstance, 'mail'>,
  tx: Db,
  userId: string,
  mail: Omit<MailRequest, 'to' | 'userId' | 'kind'> & { kind: NotificationMail },
  optional?: OptionalMail,
) {
  const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  if (optional && !(await wantsMail(tx, userId, optional))) return null;
  return app.mail.queue(tx, { ...mail, to: user.email, userId });
}

/** What billing tells about a payment it has just settled (the columns of its payments row that mails show). */
export interface SettledPayment {
  id: string;
  userId: string;
  status: 'Pending' | 'Complete' | 'Failed';
  purchaseType: string;
  serviceTitle: string;
  recurring: string;
  amount: number;
  /** Cents a promo code took off, and the code (a renewal's is the lasting code it carries). */
  discount: number;
  promoCode: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  failureReason: string | null;
  subscriptionId: string | null;
  updatedAt: Date;
}

/** The subscription a renewal was for, as it stands after the failure was recorded. */
export interface RenewedSubscription {
  id: string;
  status: string;
  serviceTitle: string;
  dueDate: Date;
  renewalFailures: number;
  nextRenewalAttemptAt: Date | null;
}

/**
 * The receipt of a completed payment (checkout, reactivation or renewal); always sent. Billing passes the receipt's
 * money lines (subtotal, any discount, the amount paid, any tax included), the same the PDF shows, and the PDF.
 */
export async function sendReceipt(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, p: SettledPayment, amountLines: ReceiptLine[], attachments: MailAttachment[] = []) {
  const links = portalLinks(app);
  return mailUser(app, tx, p.userId, {
    kind: 'receipt',
    subject: `Your receipt: ${formatCents(p.amount)} for ${p.serviceTitle}`,
    attachments,
    notice: {
      heading: 'Thank you for your payment',
      paragraphs: [`We received your payment of ${formatCents(p.amount)} for ${p.serviceTitle}.`],
      details: [
        { label: 'Plan', value: `${p.serviceTitle} (${p.purchaseType}, billed per ${p.recurring})` },
        ...amountLines.map(({ label, value }) => ({ label, value })),
        { label: 'Card', value: p.amount === 0 && !p.cardLast4 ? 'Nothing charged' : cardLabel(p.cardBrand, p.cardLast4) },
        { label: 'Date', value: mailDate(p.updatedAt) },
        { label: 'Payment reference', value: p.id },
      ],
      action: { label: 'View payment history', url: links.paymentHistory() },
      footnote: 'This payment is also listed in your payment history.',
    },
  });
}

/**
 * A failed renewal: the reason and a link to fix the card. With one retry left it is the final notice; after the
 * last retry failed the subscription is INACTIVE_NONPAYMENT and the mail says so.
 */
export async function sendRenewalFailure(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, p: SettledPayment, sub: RenewedSubscription) {
  const fix = portalLinks(app).subscriptionDetails(sub.id);
  const reason = p.failureReason ?? 'The card was declined.';
  const retries = app.config.renewalRetryDays.length;
  if (sub.status === 'INACTIVE_NONPAYMENT') {
    return mailUser(app, tx, p.userId, {
      kind: 'renewal-ended',
      subject: `Your ${sub.serviceTitle} subscription has ended`,
      notice: {
        heading: 'Your subscription has ended',
        paragraphs: [
          `We could not renew ${sub.serviceTitle}: ${reason}`,
          'After several attempts the subscription is now inactive for non-payment. You can reactivate it with a working card.',
        ],
        details: [{ label: 'Amount due', value: formatCents(p.amount) }],
        action: { label: 'Reactivate your subscription', url: fix },
      },
    });
  }
  if (!sub.nextRenewalAttemptAt) return null;
  const final = sub.renewalFailures >= retries;
  const next = mailDate(sub.nextRenewalAttemptAt);
  return mailUser(app, tx, p.userId, {
    kind: final ? 'renewal-final-notice' : 'renewal-failed',
    subject: final ? `Final notice: update your card to keep ${sub.serviceTitle}` : `We could not renew ${sub.serviceTitle}`,
    notice: {
      heading: final ? 'Final notice: your renewal payment failed' : 'Your renewal payment failed',
      paragraphs: [
        `We tried to charge ${formatCents(p.amount)}${p.cardLast4 ? ` to your ${cardLabel(p.cardBrand, p.cardLast4)}` : ''} for ${sub.serviceTitle}. Reason: ${reason}`,
        final
          ? `This is the last attempt: we will try once more on ${next}. If that payment fails too, the subscription becomes inactive for non-payment.`
          : `We will try again on ${next}. Please check your card or choose another one before then.`,
      ],
      details: [
        { label: 'Amount', value: formatCents(p.amount) },
        { label: 'Next attempt', value: next },
      ],
      action: { label: 'Fix your card', url: fix },
    },
  });
}

export interface SubscriptionMailInput {
  id: string;
  userId: string;
  serviceTitle: string;
  dueDate: Date;
}

/**
 * The subscription was cancelled (kept until its due date), ended at once by staff, or reactivated at no charge.
 * Always sent.
 */
export async function sendSubscriptionChange(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, sub: SubscriptionMailInput, change: 'cancelled' | 'ended' | 'reactivated') {
  const url = portalLinks(app).subscriptionDetails(sub.id);
  const until = mailDate(sub.dueDate);
  const action = { label: 'View your subscription', url };
  const mails = {
    cancelled: {
      subject: `Your ${sub.serviceTitle} subscription is cancelled`,
      notice: {
        heading: 'Your subscription is cancelled',
        paragraphs: [
          `${sub.serviceTitle} will not renew. You keep everything you paid for until ${until}.`,
          'Changed your mind? You can reactivate it at no extra charge until then.',
        ],
        action,
      },
    },
    ended: {
      subject: `Your ${sub.serviceTitle} subscription has ended`,
      notice: {
        heading: 'Your subscription has ended',
        paragraphs: [`${sub.serviceTitle} was cancelled on ${until} and will not renew.`, 'You can subscribe again at any time from your subscription.'],
        action,
      },
    },
    reactivated: {
      subject: `Your ${sub.serviceTitle} subscription is active again`,
      notice: {
        heading: 'Your subscription is active again',
        paragraphs: [`${sub.serviceTitle} is active again and renews on ${until}.`],
        action,
      },
    },
  };
  return mailUser(app, tx, sub.userId, { kind: `subscription-${change}`, ...mails[change] });
}

export interface ExpiringCard {
  cardId: string;
  userId: string;
  brand: string | null;
  last4: string | null;
  expMonth: number;
  expYear: number;
  subscriptionId: string;
  serviceTitle: string;
  dueDate: Date;
}

/** A card that expires before the subscription's next renewal: once per card, subscription and renewal date. */
export async function sendCardExpiring(app: Pick<FastifyInstance, 'clock' | 'config' | 'mail'>, tx: Db, card: ExpiringCard): Promise<string | null> {
  const [fresh] = await tx
    .insert(cardExpiryNotices)
    .values({ cardId: card.cardId, subscriptionId: card.subscriptionId, dueDate: card.dueDate, sentAt: app.clock() })
    .onConflictDoNothing()
    .returning();
  if (!fresh) return null;
  const expiry = `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
  return mailUser(app, tx, card.userId, {
    kind: 'card-expiring',
    subject: `Your ${cardLabel(card.brand, card.last4)} expires before your next renewal`,
    notice: {
      heading: 'Your card expires soon',
      paragraphs: [
        `Your ${cardLabel(card.brand, card.last4)} expires at the end of ${expiry}, before ${card.serviceTitle} renews on ${mailDate(card.dueDate)}.`,
        'Add a new card and choose it for this subscription so that the renewal goes through.',
      ],
      action: { label: 'Update your card', url: portalLinks(app).subscriptionDetails(card.subscriptionId) },
    },
  });
}

export interface PublishedProject {
  id: string;
  userId: string;
  projectName: string;
  playStoreUrl: string | null;
  appStoreUrl: string | null;
  websiteUrl: string | null;
  apkDownloadUrl: string | null;
}

/** A project became PUBLISHED: its deliverables (optional mail: the customer can turn project e-mails off). */
export async function sendProjectPublished(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, project: PublishedProject) {
  const deliverables = [
    { label: 'Google Play', value: project.playStoreUrl },
    { label: 'App Store', value: project.appStoreUrl },
    { label: 'Website', value: project.websiteUrl },
    { label: 'Android download (APK)', value: project.apkDownloadUrl },
  ].filter((d): d is { label: string; value: string } => Boolean(d.value));
  return mailUser(
    app,
    tx,
    project.userId,
    {
      kind: 'project-published',
      subject: `${project.projectName} is published`,
      notice: {
        heading: `${project.projectName} is live`,
        paragraphs: [
          deliverables.length > 0 ? `Your project ${project.projectName} is published. Here is where to find it:` : `Your project ${project.projectName} is published.`,
        ],
        details: deliverables,
        action: { label: 'View your project', url: portalLinks(app).projectDetails(project.id) },
        footnote: 'You can turn off project e-mails in your account settings.',
      },
    },
    'projectUpdates',
  );
}
