import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { ACTIVE_SUBSCRIPTION_STATUSES } from '@portal/contracts/subscriptions';
import type { Db } from '../../platform/db/client.ts';
import { completionSteps, completionStepTemplates, subscriptions, type SubscriptionRow } from './schema.ts';

export async function listSubscriptions(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.startDate), desc(subscriptions.id));
}

/** The user's subscription, or undefined (also when it is someone else's). */
export async function findSubscription(db: Db, userId: string, id: string, lock = false): Promise<SubscriptionRow | undefined> {
  const query = db.select().from(subscriptions).where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
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

/** Does the user hold a subscription that is active now (spec §4 landing after sign-in)? */
export async function hasActiveSubscription(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES])))
    .limit(1);
  return rows.length > 0;
}
