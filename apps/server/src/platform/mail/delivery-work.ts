import type { BackgroundWork } from '../jobs/start.ts';

/**
 * Sends queued e-mail every MAIL_POLL_INTERVAL_MS (0 turns it off), never two rounds at once in one process;
 * several instances split the queue between them (see sender.ts).
 */
export const mailDelivery: BackgroundWork = async (app) => {
  const interval = app.config.MAIL_POLL_INTERVAL_MS;
  if (interval === 0) return async () => undefined;
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = app.mail
      .deliver()
      .catch((err: unknown) => app.log.error({ err }, 'mail delivery failed'))
      .finally(() => (running = null));
  }, interval);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
};
