import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { LEASE_MS } from './cards-repository.ts';
import { payments, type NewPaymentRow, type PaymentRow } from './schema.ts';

export async function listPayments(db: Db, userId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt), desc(payments.id));
}

export async function findPayment(db: Db, userId: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(and(eq(payments.id, id), eq(payments.userId, userId)));
  return row;
}

export async function findPaymentByKey(db: Db, userId: string, idempotencyKey: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey)));
  return row;
}

export async function lockPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function insertPayment(db: Db, values: NewPaymentRow): Promise<PaymentRow | undefined> {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updatePayment(db: Db, id: string, changes: Partial<PaymentRow>): Promise<PaymentRow> {
  const [row] = await db.update(payments).set(changes).where(eq(payments.id, id)).returning();
  return row!;
}

const claimable = (now: Date) => and(eq(payments.status, 'Pending'), or(isNull(payments.leaseUntil), lt(payments.leaseUntil, now)));

/** Takes a pending payment for processing unless another worker holds it; a crash lets the lease expire. */
export async function claimPayment(db: Db, id: string, now: Date): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(payments.id, id), claimable(now)))
    .returning();
  return row;
}

/** Payments left Pending (a crash between charge and commit, a provider outage), claimed with SKIP LOCKED. */
export async function claimStalePayments(db: Db, now: Date, olderThanMs: number, limit = 25): Promise<PaymentRow[]> {
  return db.transaction(async (tx) => {
    const stale = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(claimable(now), lt(payments.createdAt, new Date(now.getTime() - olderThanMs))))
      .orderBy(payments.createdAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed: PaymentRow[] = [];
    for (const { id } of stale) claimed.push(await updatePayment(tx, id, { leaseUntil: new Date(now.getTime() + LEASE_MS) }));
    return claimed;
  });
}

/** Failed plan changes of a subscription to a plan: each retry after one is a new attempt with its own key. */
export async function countFailedChanges(db: Db, subscriptionId: string, serviceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.subscriptionId, subscriptionId), eq(payments.serviceId, serviceId), eq(payments.purchaseType, 'Plan Change'), eq(payments.status, 'Failed')));
  return Number(row?.n ?? 0);
}

/** The subscription's payment still Pending, if any (renewal, plan change, reactivation). */
export async function findPendingPaymentOf(db: Db, subscriptionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(and(eq(payments.subscriptionId, subscriptionId), eq(payments.status, 'Pending'))).limit(1);
  return row;
}
