import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import { ACTIVE_SUBSCRIPTION_STATUSES, HELD_SUBSCRIPTION_STATUSES, type SubscriptionListQuery } from '@portal/contracts/subscriptions';
import { users } from '../../platform/auth/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { afterCursor, keysetKey } from '../../platform/db/keyset.ts';
import { preparedOn } from '../../platform/db/prepared.ts';
import { upsertInto } from '../../platform/db/upsert.ts';
import { completionSteps, completionStepTemplates, subscriptions, type SubscriptionRow } from './schema.ts';

/** A page of the user's subscriptions, newest start first; only the active ones with `status: 'active'`. */
export async function listSubscriptions(db: Db, userId: string, page: SubscriptionListQuery): Promise<(SubscriptionRow & { keysetKey: string })[]> {
  return db
    .select({ ...getTableColumns(subscriptions), keysetKey: keysetKey(subscriptions.startDate) })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        page.status === 'active' ? inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES]) : undefined,
        afterCursor(subscriptions.startDate, subscriptions.id, page.cursor, 'desc'),
      ),
    )
    .orderBy(desc(subscriptions.startDate), desc(subscriptions.id))
    .limit(page.limit + 1);
}

/** The user's subscription, or undefined (also when it is someone else's). */
export async function findSubscription(db: Db, userId: string, id: string, lock = false): Promise<SubscriptionRow | undefined> {
  const query = db.select().from(subscriptions).where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * Serialises one user's purchases and reactivations, on every instance: a row lock on the user, held until the
 * caller's transaction ends. `NO KEY UPDATE` leaves inserts that reference the user (sessions, payments) unblocked.
 */
export async function lockUserPurchases(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * A purchase (new or paid reactivation) of the plan by the user that is still Pending. Billing owns the payments
 * table; this one read of it lives here, by name, so that the purchase guard needs no import of billing, which
 * itself depends on this module.
 */
export async function findPendingPurchaseOfPlan(db: Db, userId: string, serviceId: string): Promise<{ id: string; subscriptionId: string | null } | undefined> {
  const rows = await db.execute<{ id: string; subscription_id: string | null }>(
    sql`SELECT id, subscription_id FROM payments
        WHERE user_id = ${userId} AND service_id = ${serviceId} AND status = 'Pending'
          AND purchase_type IN ('New Subscription', 'Reactivation')
        LIMIT 1`,
  );
  // node-postgres answers { rows }, PGlite's driver the same; keep to that shape.
  const row = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { id: string; subscription_id: string | null }[] }).rows)[0];
  return row && { id: row.id, subscriptionId: row.subscription_id };
}

/** Is a payment (renewal, plan change, reactivation) of the subscription still Pending? Read by name, as above. */
export async function hasPaymentInFlight(db: Db, subscriptionId: string): Promise<boolean> {
  const rows = await db.execute<{ id: string }>(sql`SELECT id FROM payments WHERE subscription_id = ${subscriptionId} AND status = 'Pending' LIMIT 1`);
  return (Array.isArray(rows) ? rows : (rows as unknown as { rows: { id: string }[] }).rows).length > 0;
}

/** An active (or paused) subscription of the user to the plan, other than `exceptId`. */
export async function findActiveSubscriptionOfPlan(db: Db, userId: string, serviceId: string, exceptId: string | null): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.serviceId, serviceId),
        inArray(subscriptions.status, [...HELD_SUBSCRIPTION_STATUSES]),
        exceptId ? ne(subscriptions.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export async function updateSubscription(db: Db, id: string, changes: Partial<SubscriptionRow>): Promise<SubscriptionRow> {
  const [row] = await db.update(subscriptions).set(changes).where(eq(subscriptions.id, id)).returning();
  return row!;
}

export type NewSubscription = Pick<
  SubscriptionRow,
  'userId' | 'serviceId' | 'serviceTitle' | 'price' | 'amount' | 'recurring' | 'startDate' | 'dueDate' | 'billingAnchorDay' | 'cardId' | 'cardBrand' | 'cardLast4'
>;

/** A new ACTIVE subscription with its setup steps copied from the templates, in the caller's transaction. */
export async function createSubscriptionWithSteps(tx: Db, values: NewSubscription): Promise<SubscriptionRow> {
  const [row] = await tx
    .insert(subscriptions)
    .values({ id: randomUUID(), status: 'ACTIVE', ...values, createdAt: values.startDate, updatedAt: values.startDate })
    .returning();
  const templates = await tx.select().from(completionStepTemplates).orderBy(asc(completionStepTemplates.stepIndex));
  if (templates.length > 0) {
    await tx.insert(completionSteps).values(
      templates.map((t) => ({
        id: randomUUID(),
        subscriptionId: row!.id,
        userId: values.userId,
        stepIndex: t.stepIndex,
        stepDetails: t.stepDetails,
        place: t.place,
        stepStatus: 'pending',
      })),
    );
  }
  return row!;
}

const anActiveSubscription = preparedOn((db) =>
  db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, sql.placeholder('userId')), inArray(subscriptions.status, [...HELD_SUBSCRIPTION_STATUSES])))
    .limit(1)
    .prepare('an_active_subscription'),
);

/**
 * Does the user hold a subscription that is active now, or paused (spec §4 landing after sign-in: a paused customer
 * is still one, decision 0063)? Asked by every GET /api/me.
 */
export async function hasActiveSubscription(db: Db, userId: string): Promise<boolean> {
  const rows = await anActiveSubscription(db).execute({ userId });
  return rows.length > 0;
}

/** Whose subscription this is (staff act on any customer's), or undefined when there is none. */
export async function findSubscriptionOwner(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.id, id));
  return row?.userId;
}

/** Subscriptions and their steps in bulk (the migration): a row is written only where a compared field differs. */
export const upsertSubscriptions = upsertInto(subscriptions, 'id');
export const upsertCompletionSteps = upsertInto(completionSteps, 'id');

/** Points subscriptions at another card (or at none: the default card pays), keeping the shown brand and last 4 in step. */
export async function moveSubscriptionsToCard(tx: Db, ids: string[], card: { id: string; brand: string | null; last4: string | null } | null, now: Date) {
  if (ids.length === 0) return;
  await tx
    .update(subscriptions)
    .set({ cardId: card?.id ?? null, cardBrand: card?.brand ?? null, cardLast4: card?.last4 ?? null, updatedAt: now })
    .where(inArray(subscriptions.id, ids));
}

/** Cancels every subscription of an account being erased; no renewal is tried again. */
export async function cancelSubscriptionsOf(tx: Db, userId: string, now: Date) {
  await tx
    .update(subscriptions)
    .set({ status: 'CANCELLED', cancelledAt: now, nextRenewalAttemptAt: null, updatedAt: now })
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'CANCELLED')));
}
