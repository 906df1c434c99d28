import { every } from '../jobs/every.ts';

/** Messages one round claims (and leases) at a time. */
const MAIL_BATCH = 20;

/**
 * Sends queued e-mail every MAIL_POLL_INTERVAL_MS (0 turns it off); several instances split the queue between them
 * (see sender.ts).
 */
export const mailDelivery = every('mail delivery', (app) => app.config.MAIL_POLL_INTERVAL_MS, (app) => app.mail.deliver(MAIL_BATCH), {
  // Only a batch sent in full goes on at once: an SMTP server refusing mail is given until the next tick.
  batch: (result) => ({ handled: result.sent, batch: MAIL_BATCH }),
});
