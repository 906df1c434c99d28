import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lte } from 'drizzle-orm';
import { formatLongDate as day } from '@portal/contracts/dates';
import { formatCents } from '@portal/contracts/money';
import { earliestEffectiveDay, MIN_NOTICE_DAYS, type PriceChangeInput } from '@portal/contracts/price-changes';
import type { PriceChange } from '@portal/contracts/plans';
import { topics } from '@portal/contracts/topics';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { planPriceChanges, services, type PriceChangeRow } from './schema.ts';

export const toPriceChange = (row: PriceChangeRow): PriceChange => ({
  id: row.id,
  planId: row.serviceId,
  amount: row.amount,
  price: row.price,
  previousAmount: row.previousAmount,
  effectiveAt: row.effectiveAt.getTime(),
  createdAt: row.createdAt.getTime(),
  appliedAt: row.appliedAt?.getTime() ?? null,
});

/** The change waiting for each plan that has one (not yet the plan's own price). */
export async function waitingPriceChanges(db: Db): Promise<Map<string, PriceChangeRow>> {
  const rows = await db.select().from(planPriceChanges).where(isNull(planPriceChanges.appliedAt));
  return new Map(rows.map((row) => [row.serviceId, row]));
}

/**
 * Announces a new price for a plan (decision 0062). The Terms promise subscribers notice, so the date must be at least
 * MIN_NOTICE_DAYS away; one change waits per plan at a time (the plan's row lock, and a unique index behind it).
 * The caller mails the subscribers once this has committed.
 */
export async function schedulePriceChange(db: Db, staff: SessionUser, planId: string, input: PriceChangeInput, now: Date): Promise<PriceChangeRow> {
  return db.transaction(async (tx) => {
    const [plan] = await tx.select().from(services).where(eq(services.id, planId)).for('update');
    if (!plan) throw notFound('Plan not found.');
    const earliest = earliestEffectiveDay(now.getTime());
    if (input.effectiveAt < earliest) {
      throw badRequest(
        'PRICE_CHANGE_NOTICE_TOO_SHORT',
        `Subscribers must hear of a new price at least ${MIN_NOTICE_DAYS} days ahead, as the Terms promise: choose ${day(earliest)} or later.`,
      );
    }
    if (input.amount === plan.amount) throw badRequest('PRICE_UNCHANGED', `${plan.title} costs ${formatCents(plan.amount)} already: enter the new price.`);
    const [waiting] = await tx.select().from(planPriceChanges).where(and(eq(planPriceChanges.serviceId, planId), isNull(planPriceChanges.appliedAt)));
    if (waiting) {
      throw conflict(
        'PRICE_CHANGE_WAITING',
        `${plan.title} already changes to ${formatCents(waiting.amount)} on ${day(waiting.effectiveAt.getTime())}: a second change can be set once that one is in effect.`,
      );
    }
    const [row] = await tx
      .insert(planPriceChanges)
      .values({
        id: randomUUID(),
        serviceId: planId,
        amount: input.amount,
        price: (input.amount / 100).toFixed(2),
        previousAmount: plan.amount,
        effectiveAt: new Date(input.effectiveAt),
        createdAt: now,
        createdBy: staff.id,
      })
      .returning();
    await recordAudit(tx, {
      actor: { id: staff.id, name: staff.name },
      action: 'plan.price_change',
      entityType: 'plan',
      entityId: planId,
      customerId: null,
      before: { title: plan.title, amount: plan.amount },
      after: { title: plan.title, amount: row!.amount, effectiveAt: row!.effectiveAt },
      now,
    });
    await publishChange(tx, { topic: topics.plans, audience: { staff: true } });
    return row!;
  });
}

/**
 * Takes back a plan's waiting price change before its date (decision 0076). The row goes, and with it the record of
 * the notices it sent; the caller, in the same transaction, clears the coming price of the subscriptions told and mails
 * them. The delete waits for a notice being queued for the change at that moment (its row refers to the change), so
 * the subscriptions read after it include every one told.
 */
export async function removeWaitingPriceChange(tx: Db, staff: SessionUser, planId: string, now: Date): Promise<PriceChangeRow> {
  const [plan] = await tx.select().from(services).where(eq(services.id, planId)).for('update');
  if (!plan) throw notFound('Plan not found.');
  const [waiting] = await tx.select().from(planPriceChanges).where(and(eq(planPriceChanges.serviceId, planId), isNull(planPriceChanges.appliedAt)));
  if (!waiting) throw conflict('NO_PRICE_CHANGE_WAITING', `No price change waits for ${plan.title}.`);
  if (waiting.effectiveAt.getTime() <= now.getTime()) {
    throw conflict(
      'PRICE_CHANGE_IN_EFFECT',
      `The new price of ${plan.title} took effect on ${day(waiting.effectiveAt.getTime())}: to move it again, set another change.`,
    );
  }
  const [removed] = await tx.delete(planPriceChanges).where(and(eq(planPriceChanges.id, waiting.id), isNull(planPriceChanges.appliedAt))).returning();
  if (!removed) throw conflict('PRICE_CHANGE_IN_EFFECT', `The new price of ${plan.title} has just taken effect.`);
  await recordAudit(tx, {
    actor: { id: staff.id, name: staff.name },
    action: 'plan.price_change_withdraw',
    entityType: 'plan',
    entityId: planId,
    customerId: null,
    before: { title: plan.title, amount: removed.amount, effectiveAt: removed.effectiveAt },
    after: { title: plan.title, amount: plan.amount },
    now,
  });
  await publishChange(tx, { topic: topics.plans, audience: { staff: true } });
  return removed;
}

/**
 * From its effective date a change is the plan's own price, what new buyers (and paid reactivations) pay. Each change
 * is applied once: the update that marks it applied is the claim, so instances sweeping together apply it once.
 */
export async function applyDuePriceChanges(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: planPriceChanges.id })
    .from(planPriceChanges)
    .where(and(isNull(planPriceChanges.appliedAt), lte(planPriceChanges.effectiveAt, now)));
  let applied = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [change] = await tx
        .update(planPriceChanges)
        .set({ appliedAt: now })
        .where(and(eq(planPriceChanges.id, id), isNull(planPriceChanges.appliedAt)))
        .returning();
      if (!change) return;
      await tx.update(services).set({ amount: change.amount, price: change.price, updatedAt: now }).where(eq(services.id, change.serviceId));
      await publishChange(tx, { topic: topics.plans, audience: { public: true } });
      applied += 1;
    });
  }
  return applied;
}
