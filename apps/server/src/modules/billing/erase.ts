import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import { eraseBillingProfileOf } from './billing-profile.ts';
import { billingCustomers, cards, payments } from './schema.ts';
import { isUsableCard } from './views.ts';

/** What an erased account's payments say instead of the payer's name. */
export const ERASED_PAYER_NAME = 'Deleted account';

/**
 * Disables every saved card of the user at the payment provider, before anything is written: if the provider
 * cannot be reached, the erasure stops and can be tried again (disabling a disabled card changes nothing).
 */
export async function disableCardsOf(app: Pick<FastifyInstance, 'billing' | 'db'>, userId: string): Promise<number> {
  const rows = (await app.db.select().from(cards).where(eq(cards.userId, userId))).filter(isUsableCard);
  for (const card of rows) {
    await app.billing.gateway
      .disableCard(card.squareCardId)
      .catch(() => Promise.reject(new AppError(503, 'PROVIDER_UNAVAILABLE', 'Could not reach the payment provider to disable the cards. Please try again.')));
  }
  return rows.length;
}

/**
 * In the erasure's transaction: the saved cards and the billing profile go, and the payment records stay (the law
 * keeps them) with the payer's name, e-mail and business replaced.
 */
export async function eraseBillingOf(tx: Db, userId: string, now: Date): Promise<void> {
  await tx.update(billingCustomers).set({ defaultCardId: null }).where(eq(billingCustomers.userId, userId));
  await tx.delete(cards).where(eq(cards.userId, userId));
  await tx
    .update(payments)
    .set({ customerName: ERASED_PAYER_NAME, customerEmail: null, updatedAt: now })
    .where(eq(payments.userId, userId));
  await eraseBillingProfileOf(tx, userId);
}
