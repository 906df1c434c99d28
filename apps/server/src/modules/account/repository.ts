import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../../platform/auth/schema.ts';
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

export async function updateProfile(
  db: Db,
  userId: string,
  changes: { name: string; phone: string | null },
  at: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: at })
    .where(eq(users.id, userId));
}

export async function updateProfileImage(db: Db, userId: string, image: string, at: Date): Promise<void> {
  await db.update(users).set({ image, updatedAt: at }).where(eq(users.id, userId));
}

export async function findUser(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}
