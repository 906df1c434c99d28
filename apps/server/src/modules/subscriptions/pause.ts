import { and, eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PauseRequest } from '@portal/contracts/retention';
import type { Subscription } from '@portal/contracts/subscriptions';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { every } from '../../platform/jobs/every.ts';
import type { BackgroundWork } from '../../platform/jobs/start.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { sendPauseChange } from '../notifications/index.ts';
import { shiftByPeriods } from './periods.ts';
import { hasPaymentInFlight, updateSubscription } from './repository.ts';
import { subscriptions, type SubscriptionRow } from './schema.ts';
import { SUBSCRIPTION_NOT_FOUND } from './service.ts';
import { afterPause, isActive, toSubscription } from './views.ts';

/** Who pauses or resumes: the owner (scoped to their subscriptions) or staff (any subscription, audited). */
export type PauseActor = { kind: 'customer'; userId: string } | { kind: 'staff'; staff: AuditActor };

/** The subscription, row-locked until the transaction ends, so that concurrent pauses and resumes queue behind it. */
async function lockedSubscription(tx: Db, actor: PauseActor, id: string): Promise<SubscriptionRow> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), actor.kind === 'customer' ? eq(subscriptions.userId, actor.userId) : undefined))
    .for('update');
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return row;
}

const resumedStatusOf = (row: SubscriptionRow) => (row.pendingServiceId ? 'ACTIVE_PENDING_UPDATE' : 'ACTIVE');

async function announce(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, actor: PauseActor | null, before: SubscriptionRow, after: SubscriptionRow, change: 'paused' | 'resumed', now: Date) {
  if (actor?.kind === 'staff') {
    await recordAudit(tx, {
      actor: actor.staff,
      action: change === 'paused' ? 'subscription.pause' : 'subscription.resume',
      entityType: 'subscription',
      entityId: after.id,
      customerId: after.userId,
      before: { title: before.serviceTitle, status: before.status, dueDate: before.dueDate, resumesAt: before.resumesAt },
      after: { title: after.serviceTitle, status: after.status, dueDate: after.dueDate, resumesAt: after.resumesAt },
      now,
    });
  }
  const dueDate = change === 'paused' ? afterPause(after, after.resumesAt!).dueDate : after.dueDate;
  await sendPauseChange(app, tx, { ...after, dueDate }, change);
  await publishChange(tx, { topic: `subscriptions:${after.id}`, audience: { userId: after.userId } });
}

/**
 * Pauses an active subscription from now for 1–3 months (decision 0063): nothing renews while it is PAUSED, and on
 * resuming the due date moves by the paused time, so the days already paid for are kept. One pause at a time.
 */
export async function pauseSubscription(app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'mail'>, actor: PauseActor, id: string, { months }: PauseRequest): Promise<Subscription> {
  const now = app.clock();
  return app.db.transaction(async (tx) => {
    const row = await lockedSubscription(tx, actor, id);
    if (row.status === 'PAUSED') throw conflict('ALREADY_PAUSED', 'This subscription is already paused. Resume it before pausing it again.');
    if (!isActive(row)) throw conflict('NOT_ACTIVE', 'Only an active subscription can be paused.');
    if (row.renewalFailures > 0 || row.dueDate.getTime() <= now.getTime()) {
      throw conflict('RENEWAL_DUE', "This subscription's payment is due. Please pay it before pausing.");
    }
    if (await hasPaymentInFlight(tx, id)) throw conflict('PAYMENT_IN_PROGRESS', 'A payment for this subscription is in progress. Please try again in a moment.');
    const updated = await updateSubscription(tx, id, {
      status: 'PAUSED',
      pausedAt: now,
      resumesAt: shiftByPeriods(now, 'month', now.getUTCDate(), months),
      updatedAt: now,
    });
    await announce(app, tx, actor, row, updated, 'paused', now);
    return toSubscription(updated, now);
  });
}

async function resumeLocked(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, actor: PauseActor | null, row: SubscriptionRow, now: Date): Promise<SubscriptionRow> {
  // Resumed on its date, or earlier: the due date moves by the time it was actually paused.
  const resumedAt = row.resumesAt && row.resumesAt.getTime() < now.getTime() ? row.resumesAt : now;
  const updated = await updateSubscription(tx, row.id, {
    status: resumedStatusOf(row),
    ...afterPause(row, resumedAt),
    pausedAt: null,
    resumesAt: null,
    updatedAt: now,
  });
  await announce(app, tx, actor, row, updated, 'resumed', now);
  return updated;
}

/** Resumes a paused subscription now, before its date (the customer from the subscription page, or staff). */
export async function resumeSubscription(app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'mail'>, actor: PauseActor, id: string): Promise<Subscription> {
  const now = app.clock();
  return app.db.transaction(async (tx) => {
    const row = await lockedSubscription(tx, actor, id);
    if (row.status !== 'PAUSED') throw conflict('NOT_PAUSED', 'This subscription is not paused.');
    return toSubscription(await resumeLocked(app, tx, actor, row, now), now);
  });
}

/**
 * Resumes every subscription whose pause has ended. Rows are claimed with FOR UPDATE SKIP LOCKED and re-read under
 * the lock, so instances sweeping together resume each subscription once. Returns the ids resumed.
 */
export async function runResumeSweep(app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'mail'>, limit = 50): Promise<string[]> {
  const now = app.clock();
  return app.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.status, 'PAUSED'), lte(subscriptions.resumesAt, now)))
      .orderBy(subscriptions.resumesAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const row of due) await resumeLocked(app, tx as unknown as Db, null, row, now);
    return due.map((row) => row.id);
  });
}

/** Runs with the renewal sweep's interval (0 turns it off). */
export const pauseResumeSweep: BackgroundWork = every('pause resume sweep', (app) => app.config.RENEWAL_SWEEP_INTERVAL_MS, runResumeSweep);
