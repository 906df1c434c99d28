import type { FastifyInstance } from 'fastify';
import type { BackgroundWork } from '../../platform/jobs/start.ts';
import { claimStalePendingCards } from './cards-repository.ts';
import { processCard } from './cards-service.ts';
import { claimStalePayments } from './payments-repository.ts';
import { processPayment } from './processor.ts';
import { runRenewalSweep } from './renewals.ts';

/** Work younger than this is still being handled by the request that made it. */
const STALE_AFTER_MS = 30_000;

/**
 * Re-drives payments and cards left Pending (a crash between Square's answer and our commit, a provider outage).
 * Each goes to Square again with its own id as the idempotency key, so the retry yields the first charge or card.
 */
export async function runPendingSweep(app: FastifyInstance): Promise<{ payments: number; cards: number }> {
  const now = app.clock();
  const payments = await claimStalePayments(app.db, now, STALE_AFTER_MS);
  for (const p of payments) await processPayment(app, p.id, p).catch((err: unknown) => app.log.warn({ err, paymentId: p.id }, 'payment still pending'));
  const cards = await claimStalePendingCards(app.db, now, STALE_AFTER_MS);
  for (const c of cards) await processCard(app, c.id, c).catch((err: unknown) => app.log.warn({ err, cardId: c.id }, 'card still pending'));
  return { payments: payments.length, cards: cards.length };
}

/** Runs `sweep` every RENEWAL_SWEEP_INTERVAL_MS (0 turns it off), never two at once in one process. */
function every(name: string, sweep: (app: FastifyInstance) => Promise<unknown>): BackgroundWork {
  return async (app) => {
    const interval = app.config.RENEWAL_SWEEP_INTERVAL_MS;
    if (interval === 0) return () => undefined;
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = app.metrics
        .countSweep(name, sweep(app))
        .catch((err: unknown) => app.log.error({ err }, `${name} failed`))
        .finally(() => (running = null));
    }, interval);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  };
}

export const renewalSweep: BackgroundWork = every('renewal sweep', runRenewalSweep);
export const pendingPaymentSweep: BackgroundWork = every('pending payment sweep', runPendingSweep);
