import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { PortfolioEntry, PortfolioEntryInput, TrustedBusiness, TrustedBusinessInput } from '@portal/contracts/showcase';
import { topics } from '@portal/contracts/topics';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { moveOnePlace, type Direction } from '../../platform/db/reorder.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { notFound } from '../../platform/http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { portfolioEntries, trustedBusinesses } from './schema.ts';

/**
 * The portfolio's entries and the "Trusted by" names: public lists in staff's order, edited by staff. Each write is
 * audited in its own transaction (decision 0022) and publishes the public topic, so open pages refetch; the landing
 * page's strip, prerendered, is filled in by the server from `trustedByNames` (decision 0044).
 */

type PortfolioRow = typeof portfolioEntries.$inferSelect;
type TrustedRow = typeof trustedBusinesses.$inferSelect;

const toPortfolioEntry = (row: PortfolioRow): PortfolioEntry => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  description: row.description,
  imageUrl: row.imageUrl,
  imageAlt: row.imageAlt,
  appStoreUrl: row.appStoreUrl,
  playStoreUrl: row.playStoreUrl,
  websiteUrl: row.websiteUrl,
});
const toTrustedBusiness = (row: TrustedRow): TrustedBusiness => ({ id: row.id, name: row.name });

/** The form's empty addresses are stored as none. */
const portfolioRow = (input: PortfolioEntryInput) => ({
  ...input,
  imageUrl: input.imageUrl || null,
  appStoreUrl: input.appStoreUrl || null,
  playStoreUrl: input.playStoreUrl || null,
  websiteUrl: input.websiteUrl || null,
});

/** The two lists, told apart only by their table, their names in the audit log and their topic. */
const LISTS = {
  'portfolio-entry': { table: portfolioEntries, topic: topics.portfolio, missing: 'Portfolio entry not found.' },
  'trusted-business': { table: trustedBusinesses, topic: topics.trustedBy, missing: 'Business not found.' },
} as const;
type Kind = keyof typeof LISTS;
/** Both tables are keyed by `id` and ordered by `sortOrder`; the queries below read only those two in common. */
const tableOf = (kind: Kind) => LISTS[kind].table as typeof trustedBusinesses;

export async function portfolio(db: Db): Promise<PortfolioEntry[]> {
  const rows = await db.select().from(portfolioEntries).orderBy(asc(portfolioEntries.sortOrder), asc(portfolioEntries.id));
  return rows.map(toPortfolioEntry);
}

export async function trustedBy(db: Db): Promise<TrustedBusiness[]> {
  const rows = await db.select().from(trustedBusinesses).orderBy(asc(trustedBusinesses.sortOrder), asc(trustedBusinesses.id));
  return rows.map(toTrustedBusiness);
}

/** The names of the "Trusted by" strip, in order: what the server writes into the prerendered landing page. */
export const trustedByNames = async (db: Db) => (await trustedBy(db)).map((b) => b.name);

interface Write {
  staff: SessionUser;
  action: 'create' | 'update' | 'delete' | 'move';
  now: Date;
}

async function audited(tx: Db, kind: Kind, { staff, action, now }: Write, entityId: string, before: unknown, after: unknown) {
  await recordAudit(tx, { actor: { id: staff.id, name: staff.name }, action: `${kind}.${action}`, entityType: kind, entityId, customerId: null, before, after, now });
  await publishChange(tx, { topic: LISTS[kind].topic, audience: { public: true } });
}

/** Inserts a row placed last, audited. */
async function insertLast<R>(db: Db, kind: Kind, write: Write, values: Record<string, unknown>): Promise<R> {
  return db.transaction(async (tx) => {
    const table = tableOf(kind);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`showcase:${kind}`}))`);
    const [last] = await tx.select({ max: sql<number>`coalesce(max(${table.sortOrder}), -1)` }).from(table);
    const [row] = await tx
      .insert(table)
      .values({ id: randomUUID(), ...values, sortOrder: Number(last?.max ?? -1) + 1 } as typeof table.$inferInsert)
      .returning();
    await audited(tx, kind, write, row!.id, null, row);
    return row as R;
  });
}

/** Changes (or, with `values` null, deletes) one existing row, audited; 404 when there is none. */
async function changeRow<R>(db: Db, kind: Kind, id: string, write: Write, values: Record<string, unknown> | null): Promise<R | null> {
  return db.transaction(async (tx) => {
    const table = tableOf(kind);
    const [before] = await tx.select().from(table).where(eq(table.id, id)).for('update');
    if (!before) throw notFound(LISTS[kind].missing);
    const after = values ? (await tx.update(table).set(values).where(eq(table.id, id)).returning())[0]! : null;
    if (!values) await tx.delete(table).where(eq(table.id, id));
    await audited(tx, kind, write, id, before, after);
    return after as R | null;
  });
}

/** Moves a row one place up or down; the whole list is renumbered 0..n-1 in the new order. */
async function moveRow(db: Db, kind: Kind, id: string, direction: Direction, write: Write) {
  await db.transaction(async (tx) => {
    const table = tableOf(kind);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`showcase:${kind}`}))`);
    const rows = await tx.select({ id: table.id, sortOrder: table.sortOrder }).from(table).orderBy(asc(table.sortOrder), asc(table.id)).for('update');
    const move = moveOnePlace(rows, id, direction);
    if (!move) throw notFound(LISTS[kind].missing);
    if (move.from === move.to) return;
    for (const row of move.renumbered) await tx.update(table).set({ sortOrder: row.sortOrder }).where(eq(table.id, row.id));
    await audited(tx, kind, write, id, { position: move.from }, { position: move.to });
  });
}

export const createPortfolioEntry = async (db: Db, staff: SessionUser, input: PortfolioEntryInput, now: Date) =>
  toPortfolioEntry(await insertLast<PortfolioRow>(db, 'portfolio-entry', { staff, action: 'create', now }, portfolioRow(input)));

export const updatePortfolioEntry = async (db: Db, staff: SessionUser, id: string, input: PortfolioEntryInput, now: Date) =>
  toPortfolioEntry((await changeRow<PortfolioRow>(db, 'portfolio-entry', id, { staff, action: 'update', now }, portfolioRow(input)))!);

export const deletePortfolioEntry = async (db: Db, staff: SessionUser, id: string, now: Date) => {
  await changeRow(db, 'portfolio-entry', id, { staff, action: 'delete', now }, null);
};

export const movePortfolioEntry = async (db: Db, staff: SessionUser, id: string, direction: Direction, now: Date) => {
  await moveRow(db, 'portfolio-entry', id, direction, { staff, action: 'move', now });
  return { entries: await portfolio(db) };
};

export const createTrustedBusiness = async (db: Db, staff: SessionUser, input: TrustedBusinessInput, now: Date) =>
  toTrustedBusiness(await insertLast<TrustedRow>(db, 'trusted-business', { staff, action: 'create', now }, input));

export const updateTrustedBusiness = async (db: Db, staff: SessionUser, id: string, input: TrustedBusinessInput, now: Date) =>
  toTrustedBusiness((await changeRow<TrustedRow>(db, 'trusted-business', id, { staff, action: 'update', now }, input))!);

export const deleteTrustedBusiness = async (db: Db, staff: SessionUser, id: string, now: Date) => {
  await changeRow(db, 'trusted-business', id, { staff, action: 'delete', now }, null);
};

export const moveTrustedBusiness = async (db: Db, staff: SessionUser, id: string, direction: Direction, now: Date) => {
  await moveRow(db, 'trusted-business', id, direction, { staff, action: 'move', now });
  return { businesses: await trustedBy(db) };
};
