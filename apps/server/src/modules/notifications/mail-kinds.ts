import type { MailKinds } from '../../platform/mail/mailer.tsx';

/** Every kind of mail this module queues; the mailer refuses any other. */
export const notificationMails = {
  // Payments and renewals (mails.ts, renewal-reminders.ts, billing-action-mails.ts)
  receipt: {},
  refund: {},
  'renewal-reminder': {},
  'renewal-failed': {},
  'renewal-final-notice': {},
  'renewal-ended': {},
  'card-expiring': {},
  'dispute-alert': {},
  // A subscription's changes (mails.ts, pause-mails.ts, billing-action-mails.ts, price-change-mails.ts)
  'subscription-cancelled': {},
  'subscription-ended': {},
  'subscription-reactivated': {},
  'subscription-paused': {},
  'subscription-resumed': {},
  'subscription-extended': {},
  'price-change-notice': {},
  'price-change-reminder': {},
  'price-change-withdrawn': {},
  // Projects (mails.ts, review-mails.ts, stage-mails.ts)
  'project-published': {},
  'project-preview': {},
  'project-decision-copy': {},
  'project-stage-reached': {},
  // Support and the account (support-replies.ts, deletion-mails.ts, staff-mails.ts)
  'support-replied': {},
  'deletion-confirm': {},
  'deletion-received': {},
  'deletion-done': {},
  'staff-invitation': {},
  // The team's own alerts about its work queue, which can come by the thousand: sent after everything else.
  'staff-unanswered-chat': { sentLast: true },
  'staff-review-decision': { sentLast: true },
} as const satisfies MailKinds;

export type NotificationMail = keyof typeof notificationMails;
