import { and, eq, exists, inArray, isNull, lt, notExists } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PRICE_CHANGE_REMINDER_DAYS } from '@portal/contracts/price-changes';
import { ACTIVE_SUBSCRIPTION_STATUSES } from '@portal/contracts/subscriptions';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import type { BackgroundWork } from '../../platform/jobs/start.ts';
import { every } from '../../platform/jobs/every.ts';
import { priceChangeNotices, sendPriceChangeNotice, sendPriceChangeWithdrawn } from '../notifications/index.ts';
import { applyDuePriceChanges, planPriceChanges, removeWaitingPriceChange, type PriceChangeRow } from '../plans/index.ts';
import { announceComingPrice, findSubscription, firstRenewalOnOrAfter, isActive, subscriptions, withdrawComingPrice } from '../subscriptions/index.ts';
import type { SessionUser } from '../../platform/auth/session.ts';

const DAY_MS = 86_400_000;
const BATCH = 500;

const noticeOf = (change: PriceChangeRow, kind: 'notice' | 'reminder') =>
  and(eq(priceChangeNotices.changeId, change.id), eq(priceChangeNotices.subscriptionId, subscriptions.id), eq(priceChangeNotices.kind, kind));

/**
 * Mails one kind of mail about a change to every active subscription of its plan that has not had it. The notice also
 * announces the coming price on the subscription (what its renewals and its page read); the reminder goes to those
 * told, unless their notice came inside the reminder's days (a subscription bought late hears of it once).
 * Each mail is queued in its own transaction with the row that makes it once only (price-change-mails.ts).
 */
async function mailSubscribers(app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'mail'>, change: PriceChangeRow, kind: 'notice' | 'reminder'): Promise<number> {
  const remindFrom = new Date(change.effectiveAt.getTime() - PRICE_CHANGE_REMINDER_DAYS * DAY_MS);
  const toldEarly = app.db
    .select({ id: priceChangeNotices.subscriptionId })
    .from(priceChangeNotices)
    .where(and(noticeOf(change, 'notice'), lt(priceChangeNotices.sentAt, remindFrom)));
  const candidates = await app.db
    .select({ id: subscriptions.id, userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.serviceId, change.serviceId),
        inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
        notExists(app.db.select({ id: priceChangeNotices.subscriptionId }).from(priceChangeNotices).where(noticeOf(change, kind))),
        ...(kind === 'reminder' ? [eq(subscriptions.comingPriceChangeId, change.id), exists(toldEarly)] : []),
      ),
    )
    .limit(BATCH);
  let sent = 0;
  for (const candidate of candidates) {
    const queued = await app.db.transaction(async (tx) => {
      // Read again under its lock: a cancellation or a plan change since the list was read wins.
      const sub = await findSubscription(tx as unknown as Db, candidate.userId, candidate.id, true);
      if (!sub || !isActive(sub) || sub.serviceId !== change.serviceId) return null;
      const id = await sendPriceChangeNotice(app, tx as unknown as Db, kind, {
        changeId: change.id,
        subscriptionId: sub.id,
        userId: sub.userId,
        serviceTitle: sub.serviceTitle,
        recurring: sub.recurring,
        currentAmount: sub.amount,
        newAmount: change.amount,
        effectiveAt: change.effectiveAt,
        firstRenewalAt: firstRenewalOnOrAfter(sub, change.effectiveAt),
      });
      if (id && kind === 'notice') {
        await announceComingPrice(tx as unknown as Db, sub.id, change, app.clock());
        // An open subscription page shows the coming price at once.
        await publishChange(tx as unknown as Db, { topic: `subscriptions:${sub.id}`, audience: { userId: sub.userId } });
      }
      return id;
    });
    if (queued) sent += 1;
  }
  return sent;
}

/**
 * Price changes (decision 0062): every subscriber of a plan with a change ahead gets the notice (right after the
 * change is set, and any who subscribe before it takes effect), then the reminder PRICE_CHANGE_REMINDER_DAYS
 * before the date; on the date the change becomes the plan's own price. Instances sweeping together send each mail
 * once and apply each change once.
 */
export async function runPriceChangeSweep(app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'mail'>): Promise<{ notices: number; reminders: number; applied: number }> {
  const now = app.clock();
  const waiting = await app.db.select().from(planPriceChanges).where(isNull(planPriceChanges.appliedAt));
  let notices = 0;
  let reminders = 0;
  for (const change of waiting.filter((c) => c.effectiveAt.getTime() > now.getTime())) {
    notices += await mailSubscribers(app, change, 'notice');
    if (change.effectiveAt.getTime() - PRICE_CHANGE_REMINDER_DAYS * DAY_MS <= now.getTime()) reminders += await mailSubscribers(app, change, 'reminder');
  }
  const applied = await applyDuePriceChanges(app.db, now);
  return { notices, reminders, applied };
}

/**
 * Withdraws a plan's waiting price change (decision 0076), in one transaction: the change goes, every subscription
 * told of it is cleared of the coming price and mailed that its price stays, and their open pages refresh.
 */
export async function withdrawPriceChange(app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'mail'>, staff: SessionUser, planId: string) {
  const now = app.clock();
  return app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const change = await removeWaitingPriceChange(tx, staff, planId, now);
    const told = await withdrawComingPrice(tx, change.id, now);
    for (const sub of told) {
      await sendPriceChangeWithdrawn(app, tx, {
        subscriptionId: sub.id,
        userId: sub.userId,
        serviceTitle: sub.serviceTitle,
        recurring: sub.recurring,
        currentAmount: sub.amount,
        withdrawnAmount: change.amount,
        effectiveAt: change.effectiveAt,
      });
      await publishChange(tx, { topic: `subscriptions:${sub.id}`, audience: { userId: sub.userId } });
    }
    return { priceChange: change, subscribersTold: told.length };
  });
}

/** Runs with the renewal sweep's interval (0 turns it off). */
export const priceChangeSweep: BackgroundWork = every('price change sweep', (app) => app.config.RENEWAL_SWEEP_INTERVAL_MS, runPriceChangeSweep);
