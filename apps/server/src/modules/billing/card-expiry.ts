import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ACTIVE_SUBSCRIPTION_STATUSES } from '@portal/contracts/subscriptions';
import type { Db } from '../../platform/db/client.ts';
import type { BackgroundWork } from '../../platform/jobs/start.ts';
import { every } from '../../platform/jobs/every.ts';
import { sendCardExpiring } from '../notifications/index.ts';
import { subscriptions } from '../subscriptions/index.ts';
import { cards } from './schema.ts';

/** A card is good through the last day of its expiry month (UTC); `cardExpiresBefore` in contracts says the same. */
const expiryEnd = sql`make_timestamptz(${cards.expYear}, ${cards.expMonth}, 1, 0, 0, 0, 'UTC') + interval '1 month'`;

/**
 * Daily: every active subscription whose card expires before the subscription's next renewal gets one "card
 * expiring" mail per card and renewal date (the notice table's key makes a second run, or a second instance, a
 * no-op). Returns how many mails were queued.
 */
export async function runCardExpirySweep(app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'mail'>): Promise<number> {
  const now = app.clock();
  const due = await app.db
    .select({
      cardId: cards.id,
      userId: subscriptions.userId,
      brand: cards.brand,
      last4: cards.last4,
      expMonth: cards.expMonth,
      expYear: cards.expYear,
      subscriptionId: subscriptions.id,
      serviceTitle: subscriptions.serviceTitle,
      dueDate: subscriptions.dueDate,
    })
    .from(subscriptions)
    .innerJoin(cards, and(eq(cards.id, subscriptions.cardId), eq(cards.userId, subscriptions.userId)))
    .where(
      and(
        inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
        gt(subscriptions.dueDate, now),
        isNotNull(cards.expMonth),
        isNotNull(cards.expYear),
        sql`${expiryEnd} <= ${subscriptions.dueDate}`,
      ),
    )
    .limit(500);
  let sent = 0;
  for (const row of due) {
    const queued = await app.db.transaction(async (tx) =>
      sendCardExpiring(app, tx as unknown as Db, { ...row, expMonth: row.expMonth!, expYear: row.expYear! }),
    );
    if (queued) sent += 1;
  }
  return sent;
}

export const cardExpirySweep: BackgroundWork = every('card expiry sweep', (app) => app.config.CARD_EXPIRY_SWEEP_INTERVAL_MS, runCardExpirySweep);
