import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { ACTIVE_SUBSCRIPTION_STATUSES } from '@portal/contracts/subscriptions';
import { users } from '../../platform/auth/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { completionStepTemplates } from '../content/schema.ts';
import { completionSteps, subscriptions, type SubscriptionRow } from './schema.ts';

export async function listSubscriptions(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.startDate), desc(subscriptions.id));
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

/** An active subscription of the user to the plan, other than `exceptId`. */
export async function findActiveSubscriptionOfPlan(db: Db, userId: string, serviceId: string, exceptId: string | null): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.serviceId, serviceId),
        inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
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
  'userId' | 'serviceId' | 'serviceTitle' | 'price' | 'amount' | 'recurring' | 'startDate' | 'dueDate' | 'cardId' | 'cardBrand' | 'cardLast4'
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
        stepStatus: 'pending',
      })),
    );
  }
  return row!;
}
