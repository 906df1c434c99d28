import type { FastifyInstance } from 'fastify';
import type { BackgroundWork } from '../../platform/jobs/start.ts';
import { every } from '../../platform/jobs/every.ts';
import { claimStalePendingCards } from './cards-repository.ts';
import { processCard } from './cards-service.ts';
import { claimStalePayments } from './payments-repository.ts';
import { processPayment } from './processor.ts';
import { runReceiptMailSweep } from './payment-mails.ts';
import { RENEWAL_BATCH, runRenewalSweep } from './renewals.ts';

/** Work younger than this is still being handled by the request that made it. */
const STALE_AFTER_MS = 30_000;

/**
 * Re-drives payments and cards left Pending (a crash between Square's answer and our commit, a provider outage), and
 * receipts left unmailed (a crash after a payment committed). Each payment or card goes to Square again with its own
 * id as the idempotency key, so the retry yields the first charge or card; each receipt is mailed once.
 */
export async function runPendingSweep(app: Pick<FastifyInstance, 'billing' | 'clock' | 'config' | 'db' | 'log' | 'mail'>): Promise<{ payments: number; cards: number; receipts: number }> {
  const now = app.clock();
  const payments = await claimStalePayments(app.db, now, STALE_AFTER_MS);
  for (const p of payments) await processPayment(app, p.id, p).catch((err: unknown) => app.log.warn({ err, paymentId: p.id }, 'payment still pending'));
  const cards = await claimStalePendingCards(app.db, now, STALE_AFTER_MS);
  for (const c of cards) await processCard(app, c.id, c).catch((err: unknown) => app.log.warn({ err, cardId: c.id }, 'card still pending'));
  const receipts = await runReceiptMailSweep(app);
  return { payments: payments.length, cards: cards.length, receipts };
}

/** Both sweeps run every RENEWAL_SWEEP_INTERVAL_MS (0 turns them off). */
const sweepInterval = (app: Pick<FastifyInstance, 'config'>) => app.config.RENEWAL_SWEEP_INTERVAL_MS;
export const renewalSweep: BackgroundWork = every('renewal sweep', sweepInterval, (app) => runRenewalSweep(app), {
  batch: (charged) => ({ handled: charged.length, batch: RENEWAL_BATCH }),
});
export const pendingPaymentSweep: BackgroundWork = every('pending payment sweep', sweepInterval, runPendingSweep);
