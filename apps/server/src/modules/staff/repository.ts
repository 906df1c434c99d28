import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { accounts, users } from '../../platform/auth/schema.ts';

/** better-auth keeps e-mail + password sign-in as an account of this provider whose account id is the user id. */
const CREDENTIAL_PROVIDER = 'credential';

export async function findUserByEmail(db: Db, email: string) {
  const rows = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return rows[0];
}

export async function insertStaffUser(db: Db, user: { id: string; name: string; email: string; now: Date }) {
  await db.insert(users).values({ ...user, role: 'staff', createdAt: user.now, updatedAt: user.now });
}

export async function promoteToStaff(db: Db, userId: string, now: Date) {
  await db.update(users).set({ role: 'staff', updatedAt: now }).where(eq(users.id, userId));
}

/** Sets the password of the user's e-mail sign-in, adding that sign-in if the user had only Google. */
export async function setPasswordHash(db: Db, userId: string, hash: string, now: Date) {
  const updated = await db
    .update(accounts)
    .set({ password: hash, updatedAt: now })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, CREDENTIAL_PROVIDER)))
    .returning({ id: accounts.id });
  if (updated.length > 0) return;
  await db.insert(accounts).values({
    id: crypto.randomUUID(),
    userId,
    accountId: userId,
    providerId: CREDENTIAL_PROVIDER,
    password: hash,
    createdAt: now,
    updatedAt: now,
  });
}
