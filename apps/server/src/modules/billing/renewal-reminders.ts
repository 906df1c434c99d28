import { and, eq, gt, inArray, lte, notExists, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ACTIVE_SUBSCRIPTION_STATUSES } from '@portal/contracts/subscriptions';
import type { Db } from '../../platform/db/client.ts';
import type { BackgroundWork } from '../../platform/jobs/start.ts';
import { every } from '../../platform/jobs/every.ts';
import { mailPreferences, renewalReminders, sendRenewalReminder } from '../notifications/index.ts';
import { findSubscription, isActive, periodStartOf, renewalPriceOf, subscriptions, type SubscriptionRow } from '../subscriptions/index.ts';
import { findUsableCard } from './cards-repository.ts';

const DAY_MS = 86_400_000;
/** Subscriptions read at a time. */
const REMINDER_PAGE = 500;

/**
 * Whether a renewal gets a reminder at all: only when the reminder's moment (`days` before the due date) falls inside
 * the period being renewed. A period shorter than that (a weekly plan with 7 days) or a subscription started less
 * than `days` before its renewal would hear of it right after paying, so it gets none (decision 0057).
 */
export function remindsOf(sub: Pick<SubscriptionRow, 'dueDate' | 'startDate' | 'recurring' | 'billingAnchorDay'>, days: number): boolean {
  const remindAt = sub.dueDate.getTime() - days * DAY_MS;
  const periodStart = Math.max(sub.startDate.getTime(), periodStartOf(sub.dueDate, sub.recurring, sub.billingAnchorDay).getTime());
  return remindAt > periodStart;
}

/**
 * Every active subscription renewing within RENEWAL_REMINDER_DAYS gets one reminder for that due date, naming what the
 * renewal will charge and the card that will pay. A sweep that runs late still reminds before the due date. Cancelled
 * subscriptions (they end at their due date) and customers who turned reminders off are left out; the reminder's
 * row makes a second run, or a second instance, a no-op. Returns how many mails were queued.
 */
export async function runRenewalReminderSweep(app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'mail'>): Promise<number> {
  const days = app.config.RENEWAL_REMINDER_DAYS;
  if (days === 0) return 0;
  const now = app.clock();
  let sent = 0;
  // Page after page in due-date order: subscriptions that get no reminder (remindsOf) stay in the list, and one page
  // would otherwise hold the same ones on every run while those behind them were never reached.
  for (let after: SubscriptionRow | undefined; ; ) {
    const upcoming = await upcomingPage(app, now, days, after);
    for (const candidate of upcoming.filter((sub) => remindsOf(sub, days))) {
      if (await remind(app, candidate)) sent += 1;
    }
    after = upcoming.at(-1);
    if (!after || upcoming.length < REMINDER_PAGE) return sent;
  }
}

/** Active subscriptions due within `days` and not yet reminded for that date, after `after` in (due date, id) order. */
function upcomingPage(app: Pick<FastifyInstance, 'db'>, now: Date, days: number, after: SubscriptionRow | undefined): Promise<SubscriptionRow[]> {
  return app.db
    .select()
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
        gt(subscriptions.dueDate, now),
        lte(subscriptions.dueDate, new Date(now.getTime() + days * DAY_MS)),
        notExists(
          app.db
            .select({ subscriptionId: renewalReminders.subscriptionId })
            .from(renewalReminders)
            .where(and(eq(renewalReminders.subscriptionId, subscriptions.id), eq(renewalReminders.dueDate, subscriptions.dueDate))),
        ),
        notExists(
          app.db
            .select({ userId: mailPreferences.userId })
            .from(mailPreferences)
            .where(and(eq(mailPreferences.userId, subscriptions.userId), eq(mailPreferences.renewalReminders, false))),
        ),
        after ? or(gt(subscriptions.dueDate, after.dueDate), and(eq(subscriptions.dueDate, after.dueDate), gt(subscriptions.id, after.id))) : undefined,
      ),
    )
    .orderBy(subscriptions.dueDate, subscriptions.id)
    .limit(REMINDER_PAGE);
}

/** Queues one reminder; false when the subscription changed since it was listed or was reminded meanwhile. */
async function remind(app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'mail'>, candidate: SubscriptionRow): Promise<boolean> {
  const queued = await app.db.transaction(async (tx) => {
    // Read again in the mail's transaction: a cancellation or a renewal since the list was read wins.
    const sub = await findSubscription(tx as unknown as Db, candidate.userId, candidate.id);
    if (!sub || !isActive(sub) || sub.dueDate.getTime() !== candidate.dueDate.getTime()) return null;
    const card = await findUsableCard(tx as unknown as Db, sub.userId, sub.cardId);
    const renewal = renewalPriceOf(sub);
    return sendRenewalReminder(app, tx as unknown as Db, {
      subscriptionId: sub.id,
      userId: sub.userId,
      serviceTitle: renewal.serviceTitle,
      amount: renewal.amount,
      dueDate: sub.dueDate,
      card: card ? { brand: card.brand, last4: card.last4 } : null,
    });
  });
  return Boolean(queued);
}

export const renewalReminderSweep: BackgroundWork = every(
  'renewal reminder sweep',
  (app) => app.config.RENEWAL_REMINDER_SWEEP_INTERVAL_MS,
  runRenewalReminderSweep,
);
