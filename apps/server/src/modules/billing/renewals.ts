import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PROMO_MESSAGES } from '@portal/contracts/billing';
import { ACTIVE_SUBSCRIPTION_STATUSES } from '@portal/contracts/subscriptions';
import { users } from '../../platform/auth/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { nextDueDate, renewalPriceOf, subscriptions, type SubscriptionRow } from '../subscriptions/index.ts';
import { findCustomer, findUsableCard, LEASE_MS } from './cards-repository.ts';
import { insertPayment } from './payments-repository.ts';
import { processPayment } from './processor.ts';
import type { PaymentRow } from './schema.ts';
import { payerFields } from './views.ts';

/**
 * One renewal payment for a subscription whose due date has passed, claimed at once (leased) by this worker.
 * Idempotency key and uniqueness are per subscription, period and attempt: a second instance inserting the same
 * renewal hits the unique indexes and inserts nothing.
 */
export async function createRenewalPayment(tx: Db, sub: SubscriptionRow, now: Date, cardId = sub.cardId): Promise<PaymentRow | undefined> {
  const card = await findUsableCard(tx, sub.userId, cardId);
  const customer = await findCustomer(tx, sub.userId);
  const [user] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, sub.userId));
  const attempt = sub.renewalFailures + 1;
  const key = `renewal-${sub.id}-${sub.dueDate.getTime()}-${attempt}`;
  const { discountCode, subtotal, discount, amount, ...plan } = renewalPriceOf(sub);
  return insertPayment(tx, {
    id: crypto.randomUUID(),
    userId: sub.userId,
    idempotencyKey: key,
    requestHash: key,
    status: 'Pending',
    purchaseType: 'Renewal',
    ...plan,
    subtotal,
    discount,
    amount,
    // The code names the discount on the receipt; a renewal neither reserves nor redeems it (promo.ts).
    promoCode: discountCode,
    appliedDeal: discountCode ? { status: 'success', message: PROMO_MESSAGES.applied, promoCode: discountCode, finalAmount: amount } : null,
    ...payerFields(card, customer?.squareCustomerId, user),
    subscriptionId: sub.id,
    renewalPeriod: sub.dueDate,
    // The receipt's "to": where this period ends on the billing day (a renewal on Feb 28 of a 31st runs to Mar 31).
    periodEnd: nextDueDate(sub.dueDate, plan.recurring, sub.billingAnchorDay),
    attempt,
    leaseUntil: new Date(now.getTime() + LEASE_MS),
    createdAt: now,
    updatedAt: now,
  });
}

/** Subscriptions one sweep claims at a time: each claim's transaction holds their row locks only while it inserts. */
export const RENEWAL_BATCH = 25;

/**
 * Charges every active subscription whose due date (or next retry) has passed. Subscriptions are claimed with
 * FOR UPDATE SKIP LOCKED, so instances sweeping together split the work; cancelled ones are never charged, nor
 * those with a payment in flight (an upgrade being charged, a "pay now", a renewal another worker holds).
 * Returns the renewal payments it processed.
 */
export async function runRenewalSweep(app: Pick<FastifyInstance, 'billing' | 'clock' | 'config' | 'db' | 'log' | 'mail'>, limit = RENEWAL_BATCH): Promise<string[]> {
  const now = app.clock();
  const created = await app.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
          lte(subscriptions.dueDate, now),
          or(isNull(subscriptions.nextRenewalAttemptAt), lte(subscriptions.nextRenewalAttemptAt, now)),
          sql`NOT EXISTS (SELECT 1 FROM payments p WHERE p.subscription_id = ${subscriptions.id} AND p.status = 'Pending')`,
        ),
      )
      .orderBy(subscriptions.dueDate)
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows: PaymentRow[] = [];
    for (const sub of due) {
      const row = await createRenewalPayment(tx as unknown as Db, sub, now);
      if (row) rows.push(row);
    }
    return rows;
  });
  for (const row of created) {
    await processPayment(app, row.id, row).catch((err: unknown) => app.log.warn({ err, paymentId: row.id }, 'renewal left pending; the pending sweep retries it'));
  }
  return created.map((r) => r.id);
}
