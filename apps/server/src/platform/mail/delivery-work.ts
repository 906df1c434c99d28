import { every } from '../jobs/every.ts';

/**
 * Sends queued e-mail every MAIL_POLL_INTERVAL_MS (0 turns it off); several instances split the queue between them
 * (see sender.ts).
 */
export const mailDelivery = every('mail delivery', (app) => app.config.MAIL_POLL_INTERVAL_MS, (app) => app.mail.deliver());
