import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { subscriptions } from '../subscriptions/schema.ts';

export const ACTIVE_STATUSES = ['ACTIVE', 'ACTIVE_PENDING_UPDATE'] as const;

export async function hasActiveSubscription(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...ACTIVE_STATUSES])))
    .limit(1);
  return rows.length > 0;
}
