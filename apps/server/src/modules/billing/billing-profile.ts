import { eq, isNotNull, and, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BillingProfile } from '@portal/contracts/receipt';
import type { Db } from '../../platform/db/client.ts';
import { includedTaxCents } from './tax.ts';
import { billingProfiles, payments, type BillingProfileRow, type ReceiptDetails } from './schema.ts';

const EMPTY: BillingProfile = { businessName: '', address: '', taxId: '' };

const toProfile = (row: BillingProfileRow | undefined): BillingProfile =>
  row ? { businessName: row.businessName ?? '', address: row.address ?? '', taxId: row.taxId ?? '' } : EMPTY;

async function findProfile(db: Db, userId: string): Promise<BillingProfileRow | undefined> {
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId));
  return row;
}

/** The signed-in customer's billing profile (empty fields when they have none). */
export async function billingProfileOf(app: Pick<FastifyInstance, 'db'>, userId: string): Promise<BillingProfile> {
  return toProfile(await findProfile(app.db, userId));
}

/** Saves the profile (validated by the route's schema); all fields empty removes it. Receipts issued before keep theirs. */
export async function saveBillingProfile(app: Pick<FastifyInstance, 'clock' | 'db'>, userId: string, profile: BillingProfile): Promise<BillingProfile> {
  if (!profile.businessName && !profile.address && !profile.taxId) {
    await app.db.delete(billingProfiles).where(eq(billingProfiles.userId, userId));
    return EMPTY;
  }
  const values = { businessName: profile.businessName, address: profile.address || null, taxId: profile.taxId || null, updatedAt: app.clock() };
  const [row] = await app.db
    .insert(billingProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: billingProfiles.userId, set: values })
    .returning();
  return toProfile(row);
}

/**
 * What a receipt is issued with, read in the transaction that completes the payment: the seller's settings, the
 * buyer's profile as it stands, and the tax included in the amount. Stored on the payment, so later changes to any of
 * them leave the receipt as it was issued.
 */
export async function receiptDetailsAt(app: Pick<FastifyInstance, 'config'>, tx: Db, userId: string, amount: number): Promise<ReceiptDetails> {
  const profile = await findProfile(tx, userId);
  const { tax } = app.config;
  return {
    seller: { ...app.config.seller },
    buyer: profile?.businessName ? { businessName: profile.businessName, address: profile.address, taxId: profile.taxId } : null,
    tax: tax ? { label: tax.label, rateBasisPoints: tax.rateBasisPoints, cents: includedTaxCents(amount, tax.rateBasisPoints) } : null,
  };
}

/** In the erasure's transaction: the profile goes, and the receipts kept no longer name the business either. */
export async function eraseBillingProfileOf(tx: Db, userId: string): Promise<void> {
  await tx.delete(billingProfiles).where(eq(billingProfiles.userId, userId));
  await tx
    .update(payments)
    .set({ receiptDetails: sql`jsonb_set(${payments.receiptDetails}, '{buyer}', 'null'::jsonb)` })
    .where(and(eq(payments.userId, userId), isNotNull(payments.receiptDetails)));
}
