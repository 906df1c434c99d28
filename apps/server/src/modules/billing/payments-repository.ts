import { and, count, desc, eq, getTableColumns, isNull, lt, or, sql } from 'drizzle-orm';
import type { PageQuery } from '@portal/contracts/page';
import type { Db } from '../../platform/db/client.ts';
import { afterCursor, keysetKey } from '../../platform/db/keyset.ts';
import { preparedOn } from '../../platform/db/prepared.ts';
import { upsertInto } from '../../platform/db/upsert.ts';
import { LEASE_MS } from './cards-repository.ts';
import { billingCounters, paymentDisputes, payments, receiptMailsDue, refunds, type NewPaymentRow, type PaymentDisputeRow, type PaymentRow } from './schema.ts';

const withKeysetKey = { ...getTableColumns(payments), keysetKey: keysetKey(payments.createdAt) };
const newestFirst = [desc(payments.createdAt), desc(payments.id)];

/** The first page of a user's payments, prepared: the payment history's every load reads it. */
const firstPaymentsPage = preparedOn((db) =>
  db
    .select(withKeysetKey)
    .from(payments)
    .where(eq(payments.userId, sql.placeholder('userId')))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .prepare('payments_first_page'),
);

/** A page of the user's payments, newest first, after the keyset (created_at, id) the cursor names. */
export async function listPayments(db: Db, userId: string, page: PageQuery): Promise<(PaymentRow & { keysetKey: string })[]> {
  if (page.cursor === undefined) return firstPaymentsPage(db).execute({ userId, limit: page.limit + 1 });
  return db
    .select(withKeysetKey)
    .from(payments)
    .where(and(eq(payments.userId, userId), afterCursor(payments.createdAt, payments.id, page.cursor, 'desc')))
    .orderBy(...newestFirst)
    .limit(page.limit + 1);
}

/** The latest dispute of the payment in the outer query, if a cardholder opened one. */
const latestDisputeOfPayment = (db: Db) =>
  db
    .select()
    .from(paymentDisputes)
    .where(eq(paymentDisputes.paymentId, payments.id))
    .orderBy(desc(paymentDisputes.createdAt), desc(paymentDisputes.id))
    .limit(1)
    .as('latest_dispute');

/**
 * What was refunded of each payment (completed refunds) and its latest dispute, in one prepared statement: every
 * read of a payment needs both, and one round trip costs less than two in parallel on a pool.
 */
const paymentExtrasStatement = preparedOn((db) => {
  const dispute = latestDisputeOfPayment(db);
  return db
    .select({
      paymentId: payments.id,
      refunded: sql<number>`coalesce((select sum(${refunds.amount}) from ${refunds} where ${refunds.paymentId} = ${payments.id} and ${refunds.status} = 'Complete'), 0)`.mapWith(Number),
      dispute: {
        id: dispute.id,
        state: dispute.state,
        reason: dispute.reason,
        amount: dispute.amount,
        dueAt: dispute.dueAt,
        createdAt: dispute.createdAt,
      },
    })
    .from(payments)
    .leftJoinLateral(dispute, sql`true`)
    .where(sql`${payments.id} = any(${sql.placeholder('paymentIds')}::text[])`)
    .prepare('payment_extras');
});

/** What a payment's view shows of its dispute. */
export type DisputeFacts = Pick<PaymentDisputeRow, 'id' | 'state' | 'reason' | 'amount' | 'dueAt' | 'createdAt'>;

/** Cents refunded and the latest dispute, per payment (payments with neither are absent or carry 0 and null). */
export async function paymentExtras(
  db: Db,
  paymentIds: string[],
): Promise<Map<string, { refunded: number; dispute: DisputeFacts | null }>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await paymentExtrasStatement(db).execute({ paymentIds });
  return new Map(rows.map((r) => [r.paymentId, { refunded: r.refunded, dispute: r.dispute }]));
}

/** The next receipt number, under the counter row's lock until the completing transaction ends (no gaps, no reuse). */
export async function nextReceiptNumber(tx: Db): Promise<number> {
  const [row] = await tx
    .update(billingCounters)
    .set({ value: sql`${billingCounters.value} + 1` })
    .where(eq(billingCounters.name, 'receipt'))
    .returning({ value: billingCounters.value });
  return row!.value;
}

/** Records a completed payment's receipt mail as due, in the transaction that completes it. */
export async function markReceiptMailDue(tx: Db, paymentId: string, now: Date): Promise<void> {
  await tx.insert(receiptMailsDue).values({ paymentId, dueAt: now }).onConflictDoNothing();
}

/**
 * Takes a payment's due receipt mail, in the transaction that queues it: true once, for the one transaction that
 * removed the row (another waits on the row and then finds nothing); a rollback leaves it due.
 */
export async function takeReceiptMailDue(tx: Db, paymentId: string): Promise<boolean> {
  const taken = await tx.delete(receiptMailsDue).where(eq(receiptMailsDue.paymentId, paymentId)).returning({ paymentId: receiptMailsDue.paymentId });
  return taken.length > 0;
}

/** Payments whose receipt mail has been due longer than `olderThanMs` (the request that completed them stopped). */
export async function overdueReceiptMails(db: Db, now: Date, olderThanMs: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ paymentId: receiptMailsDue.paymentId })
    .from(receiptMailsDue)
    .where(lt(receiptMailsDue.dueAt, new Date(now.getTime() - olderThanMs)))
    .orderBy(receiptMailsDue.dueAt)
    .limit(limit);
  return rows.map((row) => row.paymentId);
}

export async function findPayment(db: Db, userId: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(and(eq(payments.id, id), eq(payments.userId, userId)));
  return row;
}

export async function findPaymentByKey(db: Db, userId: string, idempotencyKey: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey)));
  return row;
}

/** A payment by id whoever it belongs to (staff, e-mail attachments). */
export async function findAnyPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
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

/** The completed upgrade of a subscription to a plan in the period ending at `periodEnd` (a late retry answers it). */
export async function findCompletedChange(db: Db, subscriptionId: string, serviceId: string, periodEnd: Date): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.subscriptionId, subscriptionId),
        eq(payments.serviceId, serviceId),
        eq(payments.purchaseType, 'Plan Change'),
        eq(payments.status, 'Complete'),
        eq(payments.periodEnd, periodEnd),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

/** The payment Square knows by `squarePaymentId`, locked; or, before its charge was recorded, by our own id (Square's reference_id). */
export async function lockPaymentOfSquare(db: Db, squarePaymentId: string, referenceId?: string | null): Promise<PaymentRow | undefined> {
  const [bySquareId] = await db.select().from(payments).where(eq(payments.squarePaymentId, squarePaymentId)).for('update');
  if (bySquareId || !referenceId) return bySquareId;
  const [byReference] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, referenceId), isNull(payments.squarePaymentId)))
    .for('update');
  return byReference;
}

/** Payments in bulk (the migration): a row is written only where a compared field differs. */
export const upsertPayments = upsertInto(payments, 'id');
