import { and, desc, eq, ilike, inArray, isNotNull, ne, or, sql, type SQL, type Subquery } from 'drizzle-orm';
import { ACTIVE_SUBSCRIPTION_STATUSES } from '@portal/contracts/subscriptions';
import type { StaffRole } from '@portal/contracts/auth';
import type { PageQuery } from '@portal/contracts/page';
import type { Db } from '../../platform/db/client.ts';
import { throughBitmaps } from '../../platform/db/bitmaps.ts';
import { afterCursor, afterRow, keysetKey } from '../../platform/db/keyset.ts';
import { accounts, sessions, users } from '../../platform/auth/schema.ts';
import { likePattern } from '../../platform/db/like.ts';
import { payments } from '../billing/index.ts';
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
export async function insertStaffUser(db: Db, user: { id: string; name: string; email: string; role: StaffRole; now: Date }) {
  const { now, ...values } = user;
  await db.insert(users).values({ ...values, emailVerified: true, createdAt: now, updatedAt: now });
}

/** Verified by the operator's word, as a new staff account is (an unverified one's password was replaced). */
export async function promoteToStaff(db: Db, userId: string, role: StaffRole, now: Date) {
  await db.update(users).set({ role, emailVerified: true, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * Every staff member, locked for the caller's transaction in one order, so that two changes to the team at once
 * (two admins demoting each other) are made one after the other and the second sees the first.
 */
export async function lockStaff(db: Db) {
  await db.execute(sql`SELECT id FROM users WHERE role IN ('agent', 'admin') ORDER BY id FOR UPDATE`);
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(inArray(users.role, ['agent', 'admin']));
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

/** How many of the newest accounts a customer search reads in order before it asks the trigram indexes (below). */
export const RECENT_ACCOUNTS = 5000;

const newestFirst = [desc(users.createdAt), desc(users.id)];
const isCustomer = eq(users.role, 'customer');

/** Customer rows with their counts and keyset key, newest account first, from the table or a subquery named "users". */
const customerRows = (db: Db, where: SQL | undefined, from: typeof users | Subquery = users) =>
  db.select({ ...customerRow, keysetKey: keysetKey(users.createdAt) }).from(from).where(where).orderBy(...newestFirst);

/** Whether the customer's name, e-mail or phone holds the search text, in any case. */
const matches = (text: string) => {
  const pattern = likePattern(text);
  return or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern));
};

/**
 * Whether the trigram indexes can find a text's matches: pg_trgm makes its trigrams of runs of letters and digits,
 * and a fragment without a run of three (`ab`, `a.b`, `7@`) gives it none to look up, so it would read a whole index
 * and check every row again. Such a fragment is read as before, newest first through users_created_idx: a common one
 * fills a page at once, and a rare one is read to the end whichever way it is read.
 */
const hasTrigrams = (text: string) => /[\p{L}\p{N}]{3}/u.test(text);

/**
 * The newest `count` matching customers after `edge` (the last account the first read went through), to be read
 * through the trigram indexes alone (`throughBitmaps`): walking users_created_idx, as the planner would for a
 * fragment it takes for common, reads every older account when the fragment is rare.
 */
export const olderMatches = (db: Db, text: string, edge: { id: string; keysetKey: string }, count: number) =>
  db.select({ id: users.id }).from(users).where(and(isCustomer, matches(text), afterRow(users.createdAt, users.id, edge, 'desc'))).orderBy(...newestFirst).limit(count);

/**
 * A page of customers (not staff), newest account first, by a fragment of the name, e-mail or phone, in any case, as
 * rows of `limit + 1` for `pageFrom`.
 *
 * Two reads, as message search does (decision 0066), because the planner cannot tell a common fragment from a rare
 * one: a common fragment (a surname, "@gmail") matches among the newest accounts, read newest first through
 * users_created_idx and matched as read, stopping when the page is full; a rare one (an address, a phone number) is
 * found through the trigram indexes (migration 0410), whose few matches are then sorted. The first read stops at
 * `window` accounts; only if the page is not full by then does the second ask the indexes, for the accounts older
 * than those, and the customers it finds are then read with their counts by id (decision 0068). A text the indexes
 * cannot look up is matched in one ordered read, as before (`hasTrigrams`).
 */
export async function listCustomers(db: Db, filter: PageQuery & { q?: string }, window = RECENT_ACCOUNTS) {
  const after = afterCursor(users.createdAt, users.id, filter.cursor, 'desc');
  const wanted = filter.limit + 1;
  if (!filter.q || !hasTrigrams(filter.q)) return customerRows(db, and(isCustomer, filter.q ? matches(filter.q) : undefined, after)).limit(wanted);
  const text = filter.q;
  // Named "users", so that the rows, their counts and the order below read its columns as they would the table's.
  const recent = db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone, image: users.image, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(after)
    .orderBy(...newestFirst)
    .limit(window)
    .as('users');
  // Read lazily: the outer limit stops the index walk once the page is full.
  const rows = await customerRows(db, and(isCustomer, matches(text)), recent).limit(wanted);
  if (rows.length === wanted) return rows;
  const [edge] = await db.select({ id: users.id, keysetKey: keysetKey(users.createdAt) }).from(users).where(after).orderBy(...newestFirst).offset(window - 1).limit(1);
  if (!edge) return rows;
  const older = await throughBitmaps(db, (tx) => olderMatches(tx, text, edge, wanted - rows.length));
  return older.length === 0 ? rows : [...rows, ...(await customerRows(db, inArray(users.id, older.map((hit) => hit.id))))];
}

export async function findCustomer(db: Db, userId: string) {
  const [row] = await db.select(customerRow).from(users).where(and(eq(users.id, userId), eq(users.role, 'customer')));
  return row;
}

