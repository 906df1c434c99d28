import { and, desc, eq, ilike, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { ACTIVE_SUBSCRIPTION_STATUSES } from '@portal/contracts/subscriptions';
import type { PageQuery } from '@portal/contracts/page';
import type { Db } from '../../platform/db/client.ts';
import { afterCursor, keysetKey } from '../../platform/db/keyset.ts';
import { accounts, sessions, users } from '../../platform/auth/schema.ts';
import { likePattern } from '../../platform/db/like.ts';
import { cards, payments } from '../billing/index.ts';
import { formSubmissions } from '../onboarding/index.ts';
import { subscriptions } from '../subscriptions/index.ts';

/** better-auth keeps e-mail + password sign-in as an account of this provider whose account id is the user id. */
const CREDENTIAL_PROVIDER = 'credential';

export async function findUserByEmail(db: Db, email: string) {
  const rows = await db
    .select({ id: users.id, email: users.email, role: users.role, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return rows[0];
}

/**
 * A staff account is made by an operator or through an invitation link that reached the address: its address
 * counts as verified, so it signs in (sign-in asks for a verified address, decision 0052). Either way the password
 * it signs in with is one the operator or the invited person set.
 */
export async function insertStaffUser(db: Db, user: { id: string; name: string; email: string; now: Date }) {
  const { now, ...values } = user;
  await db.insert(users).values({ ...values, role: 'staff', emailVerified: true, createdAt: now, updatedAt: now });
}

/** Verified by the operator's word, as a new staff account is (an unverified one's password was replaced). */
export async function promoteToStaff(db: Db, userId: string, now: Date) {
  await db.update(users).set({ role: 'staff', emailVerified: true, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * Ends every way into an account that existed before it became staff: its sessions (signed out everywhere; the
 * sessions trigger tells every instance, decision 0032) and its linked sign-ins other than the password (a Google
 * link made by whoever registered the address first). Run in the promoting transaction, so both happen or neither.
 */
export async function revokeSignIns(db: Db, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(accounts).where(and(eq(accounts.userId, userId), ne(accounts.providerId, CREDENTIAL_PROVIDER)));
}

/** Whether the user has a password sign-in. */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, CREDENTIAL_PROVIDER), isNotNull(accounts.password)));
  return rows.length > 0;
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

/** A customer row with counts; the subqueries name "users"."id" because a one-table select leaves columns unqualified. */
const customerRow = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  image: users.image,
  createdAt: users.createdAt,
  activeSubscriptions: sql<number>`(SELECT count(*) FROM ${subscriptions} WHERE ${subscriptions.userId} = "users"."id" AND ${inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES])})`.mapWith(Number),
  lastPaymentAt: sql<Date | null>`(SELECT max(${payments.createdAt}) FROM ${payments} WHERE ${payments.userId} = "users"."id" AND ${payments.status} = 'Complete')`.mapWith((v: string | Date | null) => (v === null ? null : new Date(v))),
};

/** A page of customers (not staff), newest account first, by name, e-mail or phone (index users_created_idx). */
export function listCustomers(db: Db, filter: PageQuery & { q?: string }) {
  const where = and(
    eq(users.role, 'customer'),
    filter.q ? or(ilike(users.name, likePattern(filter.q)), ilike(users.email, likePattern(filter.q)), ilike(users.phone, likePattern(filter.q))) : undefined,
    afterCursor(users.createdAt, users.id, filter.cursor, 'desc'),
  );
  return db
    .select({ ...customerRow, keysetKey: keysetKey(users.createdAt) })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(filter.limit + 1);
}

export async function findCustomer(db: Db, userId: string) {
  const [row] = await db.select(customerRow).from(users).where(and(eq(users.id, userId), eq(users.role, 'customer')));
  return row;
}

export function listSubscriptionsOf(db: Db, userId: string, limit: number) {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.startDate), desc(subscriptions.id)).limit(limit);
}

/** Cards without their Square ids or tokens. */
export function listCardsOf(db: Db, userId: string, limit: number) {
  return db
    .select({ id: cards.id, status: cards.status, brand: cards.brand, last4: cards.last4, expMonth: cards.expMonth, expYear: cards.expYear, createdAt: cards.createdAt })
    .from(cards)
    .where(eq(cards.userId, userId))
    .orderBy(desc(cards.createdAt), desc(cards.id))
    .limit(limit);
}

export function listPaymentsOf(db: Db, userId: string, limit: number) {
  return db
    .select({
      id: payments.id,
      status: payments.status,
      purchaseType: payments.purchaseType,
      serviceTitle: payments.serviceTitle,
      amount: payments.amount,
      cardBrand: payments.cardBrand,
      cardLast4: payments.cardLast4,
      failureReason: payments.failureReason,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

export function listQuestionnairesOf(db: Db, userId: string, limit: number) {
  return db
    .select({ subscriptionId: formSubmissions.subscriptionId, serviceTitle: subscriptions.serviceTitle, submittedAt: formSubmissions.submittedAt, answers: formSubmissions.answers })
    .from(formSubmissions)
    .innerJoin(subscriptions, eq(subscriptions.id, formSubmissions.subscriptionId))
    .where(eq(formSubmissions.userId, userId))
    .orderBy(desc(formSubmissions.submittedAt))
    .limit(limit);
}
