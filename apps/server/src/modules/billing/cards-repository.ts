import { and, desc, eq, getTableColumns, inArray, isNull, lt, ne, notLike, or } from 'drizzle-orm';
import type { PageQuery } from '@portal/contracts/page';
import type { Db } from '../../platform/db/client.ts';
import { afterCursor, keysetKey } from '../../platform/db/keyset.ts';
import { upsertInto } from '../../platform/db/upsert.ts';
import { billingCustomers, cards, type CardRow } from './schema.ts';
import { isUsableCard } from './views.ts';

export const LEASE_MS = 60_000;

export async function findCustomer(db: Db, userId: string) {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  return row;
}

/** Stores the user's Square customer once; a concurrent first card keeps whichever row landed first. */
export async function saveCustomer(db: Db, userId: string, squareCustomerId: string, now: Date) {
  await db.insert(billingCustomers).values({ userId, squareCustomerId, createdAt: now }).onConflictDoNothing();
  return (await findCustomer(db, userId))!;
}

export async function setDefaultCard(db: Db, userId: string, cardId: string | null, now: Date) {
  await db.update(billingCustomers).set({ defaultCardId: cardId, defaultCardSetAt: now }).where(eq(billingCustomers.userId, userId));
}

/** A page of the user's cards, newest first, without the ones Square refused (they are not listed). */
export async function listCards(db: Db, userId: string, page: PageQuery): Promise<(CardRow & { keysetKey: string })[]> {
  return db
    .select({ ...getTableColumns(cards), keysetKey: keysetKey(cards.createdAt) })
    .from(cards)
    .where(and(eq(cards.userId, userId), ne(cards.status, 'Error'), afterCursor(cards.createdAt, cards.id, page.cursor, 'desc')))
    .orderBy(desc(cards.createdAt), desc(cards.id))
    .limit(page.limit + 1);
}

/** The user's cards among `ids`, in no order. */
export async function findCards(db: Db, userId: string, ids: string[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(cards).where(and(eq(cards.userId, userId), inArray(cards.id, ids)));
}

/** The user's newest card that can be charged (`isUsableCard`), other than `exceptId`. */
export async function findNewestUsableCard(db: Db, userId: string, exceptId: string): Promise<CardRow | undefined> {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.userId, userId), ne(cards.id, exceptId), eq(cards.status, 'Complete'), ne(cards.squareCardId, ''), notLike(cards.squareCardId, 'cnon:%')))
    .orderBy(desc(cards.createdAt), desc(cards.id))
    .limit(1);
  return row;
}

export async function findCard(db: Db, userId: string, id: string, lock = false): Promise<CardRow | undefined> {
  const query = db.select().from(cards).where(and(eq(cards.id, id), eq(cards.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertPendingCard(db: Db, values: { id: string; userId: string; nonce: string; now: Date }): Promise<CardRow> {
  const [row] = await db
    .insert(cards)
    .values({ id: values.id, userId: values.userId, squareCardId: values.nonce, status: 'PendingSquareCreation', createdAt: values.now, updatedAt: values.now })
    .returning();
  return row!;
}

/** Takes a pending card for processing unless another worker holds it (a lease that a crash lets expire). */
export async function claimPendingCard(db: Db, id: string, now: Date): Promise<CardRow | undefined> {
  const [row] = await db
    .update(cards)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(cards.id, id), eq(cards.status, 'PendingSquareCreation'), or(isNull(cards.leaseUntil), lt(cards.leaseUntil, now))))
    .returning();
  return row;
}

/** Pending cards left behind (a crash, a provider outage), claimed with SKIP LOCKED so instances share the work. */
export async function claimStalePendingCards(db: Db, now: Date, olderThanMs: number, limit = 25): Promise<CardRow[]> {
  return db.transaction(async (tx) => {
    const stale = await tx
      .select({ id: cards.id })
      .from(cards)
      .where(
        and(
          eq(cards.status, 'PendingSquareCreation'),
          lt(cards.createdAt, new Date(now.getTime() - olderThanMs)),
          or(isNull(cards.leaseUntil), lt(cards.leaseUntil, now)),
        ),
      )
      .orderBy(cards.createdAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed: CardRow[] = [];
    for (const { id } of stale) {
      const [row] = await tx.update(cards).set({ leaseUntil: new Date(now.getTime() + LEASE_MS) }).where(eq(cards.id, id)).returning();
      claimed.push(row!);
    }
    return claimed;
  });
}

export async function updateCard(db: Db, id: string, changes: Partial<CardRow>): Promise<CardRow> {
  const [row] = await db.update(cards).set(changes).where(eq(cards.id, id)).returning();
  return row!;
}

export async function deleteCardRow(db: Db, id: string) {
  await db.delete(cards).where(eq(cards.id, id));
}

/** The user's card to charge: the given one if usable, else their usable default card. */
export async function findUsableCard(db: Db, userId: string, preferredId: string | null): Promise<CardRow | undefined> {
  if (preferredId) {
    const preferred = await findCard(db, userId, preferredId);
    if (preferred && isUsableCard(preferred)) return preferred;
  }
  const customer = await findCustomer(db, userId);
  if (!customer?.defaultCardId) return undefined;
  const fallback = await findCard(db, userId, customer.defaultCardId);
  return fallback && isUsableCard(fallback) ? fallback : undefined;
}

/** Cards and Square customers in bulk (the migration): a row is written only where a compared field differs. */
export const upsertCards = upsertInto(cards, 'id');
export const upsertBillingCustomers = upsertInto(billingCustomers, 'userId');
