import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { upsertInto } from '../../platform/db/upsert.ts';
import { users } from '../../platform/auth/schema.ts';
import { accountDeletionRequests } from './schema.ts';

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

export async function updateProfileImage(db: Db, userId: string, image: string | null, at: Date): Promise<void> {
  await db.update(users).set({ image, updatedAt: at }).where(eq(users.id, userId));
}

export async function findUser(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export type NewDeletionRequest = typeof accountDeletionRequests.$inferInsert;

export async function insertDeletionRequest(db: Db, row: NewDeletionRequest) {
  const [stored] = await db.insert(accountDeletionRequests).values(row).returning();
  return stored!;
}

/** Confirmed requests, newest first; optionally only those for one address (compared as stored, lower-case). */
export function listDeletionRequests(db: Db, email?: string) {
  return db
    .select()
    .from(accountDeletionRequests)
    .where(
      and(
        ne(accountDeletionRequests.status, 'unconfirmed'),
        email ? eq(accountDeletionRequests.email, email.toLowerCase()) : undefined,
      ),
    )
    .orderBy(desc(accountDeletionRequests.requestedAt))
    .limit(500);
}

/** Deletion requests in bulk (the migration): a row is written only where a compared field differs. */
export const upsertDeletionRequests = upsertInto(accountDeletionRequests, 'id');
