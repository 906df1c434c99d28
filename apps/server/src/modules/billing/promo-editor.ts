import { asc, count, eq, sql } from 'drizzle-orm';
import { formatCents } from '@portal/contracts/money';
import type { NewPromoCodeInput, PromoCodeInput, StaffPromoCode } from '@portal/contracts/billing';
import { topics } from '@portal/contracts/topics';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { importedTable } from '../../platform/db/imported-table.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { cheapestPlan, existingServiceIds } from '../plans/index.ts';
import { normalizePromoCode } from './promo.ts';
import { payments, promoCodes } from './schema.ts';

/**
 * The promo codes editor of /staff/promo-codes. Checkout reads the same rows (promo.ts): a code staff retire or
 * change is refused or priced anew at once. A code any payment used keeps its row, so its redemptions and the
 * payments naming it stay explained: it is retired (made inactive), never deleted.
 */
type Row = typeof promoCodes.$inferSelect;

/** The content importer's writer of promo codes, by code (redemptions are counted by checkout, never imported). */
export const importedPromoCodes = importedTable(promoCodes, 'code');

const toStaffPromo = (row: Row, used: boolean): StaffPromoCode => ({
  code: row.code,
  type: row.type,
  value: row.value,
  active: row.active,
  expiresAt: row.expiresAt ? row.expiresAt.getTime() : null,
  serviceIds: row.serviceIds && row.serviceIds.length > 0 ? row.serviceIds : null,
  maxRedemptions: row.maxRedemptions,
  duration: row.duration,
  durationMonths: row.durationMonths,
  maxPerCustomer: row.maxPerCustomer,
  redemptions: row.redemptions,
  deletable: !used && row.redemptions === 0,
});

async function paymentsUsing(db: Db, code: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(payments).where(eq(payments.promoCode, code));
  return Number(row?.n ?? 0);
}

export async function listPromoCodesForStaff(db: Db): Promise<{ promoCodes: StaffPromoCode[] }> {
  const rows = await db.select().from(promoCodes).orderBy(asc(promoCodes.code));
  const used = await db
    .select({ code: payments.promoCode })
    .from(payments)
    .where(sql`${payments.promoCode} IS NOT NULL`)
    .groupBy(payments.promoCode);
  const usedCodes = new Set(used.map((u) => u.code));
  return { promoCodes: rows.map((row) => toStaffPromo(row, usedCodes.has(row.code))) };
}

/**
 * An amount off is never more than a plan it applies to costs (every shown plan, when it names none): such a code
 * would make checkout free by mistake.
 */
async function checkAmountOff(db: Db, cents: number, serviceIds: string[] | null) {
  const cheapest = await cheapestPlan(db, serviceIds);
  if (cheapest && cents > cheapest.amount) {
    const hint = serviceIds ? 'or leave that plan out' : 'or choose the plans it applies to';
    throw badRequest(
      'PROMO_MORE_THAN_PRICE',
      `${formatCents(cents)} off is more than ${cheapest.title} costs (${formatCents(cheapest.amount)}): enter at most ${formatCents(cheapest.amount)}, ${hint}.`,
    );
  }
}

/**
 * Plans a code is limited to must exist (as the import checks); the same plan twice counts once. A new expiry must
 * lie ahead (`kept`: the one already saved, which may have passed, is kept as it is).
 */
async function fields(db: Db, input: PromoCodeInput, now: Date, kept: Date | null = null) {
  const serviceIds = input.serviceIds ? [...new Set(input.serviceIds)] : null;
  if (serviceIds) {
    const known = await existingServiceIds(db, serviceIds);
    const unknown = serviceIds.filter((id) => !known.has(id));
    if (unknown.length) throw badRequest('PROMO_UNKNOWN_PLAN', `No plan "${unknown[0]}" exists.`);
  }
  if (input.expiresAt !== null && input.expiresAt <= now.getTime() && input.expiresAt !== kept?.getTime()) {
    throw badRequest('PROMO_EXPIRY_PASSED', 'That expiry date has already passed: choose a later one, or leave it empty for no expiry.');
  }
  if (input.type === 'amount') await checkAmountOff(db, input.value, serviceIds);
  if (input.maxPerCustomer !== null && input.maxRedemptions !== null && input.maxPerCustomer > input.maxRedemptions) {
    throw badRequest(
      'PROMO_PER_CUSTOMER_ABOVE_TOTAL',
      `A customer cannot use it more often than it can be used in all (${input.maxRedemptions}): enter at most that, or leave the limit per customer empty.`,
    );
  }
  return {
    type: input.type,
    value: input.value,
    active: input.active,
    expiresAt: input.expiresAt === null ? null : new Date(input.expiresAt),
    serviceIds,
    maxRedemptions: input.maxRedemptions,
    duration: input.duration,
    durationMonths: input.duration === 'months' ? input.durationMonths : null,
    maxPerCustomer: input.maxPerCustomer,
  };
}

/** Open checkouts re-check an applied code, and other staff consoles refetch the list (the public `plans` topic). */
const published = (tx: Db) => publishChange(tx, { topic: topics.plans, audience: { public: true } });
const actor = (user: SessionUser) => ({ id: user.id, name: user.name });

export async function createPromoCode(db: Db, staff: SessionUser, input: NewPromoCodeInput, now: Date): Promise<StaffPromoCode> {
  return db.transaction(async (tx) => {
    const values = { code: input.code, ...(await fields(tx, input, now)) };
    const [row] = await tx.insert(promoCodes).values(values).onConflictDoNothing().returning();
    if (!row) throw conflict('PROMO_CODE_TAKEN', `The code ${input.code} already exists.`);
    await recordAudit(tx, { actor: actor(staff), action: 'promo.create', entityType: 'promo_code', entityId: row.code, customerId: null, before: null, after: row, now });
    await published(tx);
    return toStaffPromo(row, false);
  });
}

async function lockPromo(tx: Db, rawCode: string): Promise<Row> {
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.code, normalizePromoCode(rawCode))).for('update');
  if (!row) throw notFound('Promo code not found.');
  return row;
}

/** Changes a code (retiring it is `active: false`); what it was redeemed stays counted. */
export async function updatePromoCode(db: Db, staff: SessionUser, rawCode: string, input: PromoCodeInput, now: Date): Promise<StaffPromoCode> {
  return db.transaction(async (tx) => {
    const before = await lockPromo(tx, rawCode);
    const [row] = await tx.update(promoCodes).set(await fields(tx, input, now, before.expiresAt)).where(eq(promoCodes.code, before.code)).returning();
    await recordAudit(tx, { actor: actor(staff), action: 'promo.update', entityType: 'promo_code', entityId: before.code, customerId: null, before, after: row, now });
    await published(tx);
    return toStaffPromo(row!, (await paymentsUsing(tx, before.code)) > 0);
  });
}

/** Deletes a code no payment ever named; a used one can only be retired. */
export async function deletePromoCode(db: Db, staff: SessionUser, rawCode: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockPromo(tx, rawCode);
    if (before.redemptions > 0 || (await paymentsUsing(tx, before.code)) > 0) {
      throw conflict('PROMO_CODE_USED', 'Payments used this code: retire it instead of deleting it, so its history stays.');
    }
    await tx.delete(promoCodes).where(eq(promoCodes.code, before.code));
    await recordAudit(tx, { actor: actor(staff), action: 'promo.delete', entityType: 'promo_code', entityId: before.code, customerId: null, before, after: null, now });
    await published(tx);
  });
}
