import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Faq, FaqInput, FaqList, GuideInput, HelpGuide } from '@portal/contracts/help';
import { topics } from '@portal/contracts/topics';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { notFound } from '../../platform/http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { faqs, helpGuides } from './schema.ts';
import { faqList, toHelpGuide } from './help.ts';

/**
 * The staff editors of FAQs and help guides. Each write is audited in its own transaction (decision 0022) and
 * publishes the public topic, so customers' open FAQ and help pages refetch (decision 0007).
 */

const KINDS = {
  faq: { table: faqs, topic: topics.faqs, missing: 'FAQ not found.' },
  'help-guide': { table: helpGuides, topic: topics.helpGuides, missing: 'Help guide not found.' },
} as const;
type Kind = keyof typeof KINDS;
type Row<K extends Kind> = (typeof KINDS)[K]['table']['$inferSelect'];

interface Write {
  staff: SessionUser;
  action: 'create' | 'update' | 'delete' | 'move';
  now: Date;
}

/** Records the write and tells customers' open pages (public topic), in the write's transaction. */
async function audited(tx: Db, kind: Kind, { staff, action, now }: Write, entityId: string, before: unknown, after: unknown) {
  await recordAudit(tx, { actor: { id: staff.id, name: staff.name }, action: `${kind}.${action}`, entityType: kind, entityId, customerId: null, before, after, now });
  await publishChange(tx, { topic: KINDS[kind].topic, audience: { public: true } });
}

/**
 * One write to one existing row, audited: `change` gets the row as it was (locked) and returns it as it is now,
 * or null when it deleted it.
 */
async function changeRow<K extends Kind, R extends Row<K> | null>(db: Db, kind: K, id: string, write: Write, change: (tx: Db) => Promise<R>): Promise<R> {
  return db.transaction(async (tx) => {
    // Either table: both are keyed by `id`, and the row is only recorded as it was.
    const table = KINDS[kind].table as typeof faqs;
    const [before] = await tx.select().from(table).where(eq(table.id, id)).for('update');
    if (!before) throw notFound(KINDS[kind].missing);
    const after = await change(tx);
    await audited(tx, kind, write, id, before, after);
    return after;
  });
}

const toFaq = (row: Row<'faq'>): Faq => ({ id: row.id, question: row.question, answer: row.answer });

export async function createFaq(db: Db, staff: SessionUser, input: FaqInput, now: Date): Promise<Faq> {
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ max: sql<number>`coalesce(max(${faqs.sortOrder}), -1)` }).from(faqs);
    const [row] = await tx
      .insert(faqs)
      .values({ id: randomUUID(), ...input, sortOrder: Number(last?.max ?? -1) + 1 })
      .returning();
    await audited(tx, 'faq', { staff, action: 'create', now }, row!.id, null, row);
    return toFaq(row!);
  });
}

export async function updateFaq(db: Db, staff: SessionUser, faqId: string, input: FaqInput, now: Date): Promise<Faq> {
  const row = await changeRow(db, 'faq', faqId, { staff, action: 'update', now }, async (tx) =>
    (await tx.update(faqs).set(input).where(eq(faqs.id, faqId)).returning())[0]!,
  );
  return toFaq(row);
}

export async function deleteFaq(db: Db, staff: SessionUser, faqId: string, now: Date): Promise<void> {
  await changeRow(db, 'faq', faqId, { staff, action: 'delete', now }, async (tx) => {
    await tx.delete(faqs).where(eq(faqs.id, faqId));
    return null;
  });
}

/**
 * Moves a FAQ one place up or down. It trades places (sort orders) with its neighbour, so no other FAQ changes
 * and a re-import of untouched FAQs still finds them unchanged; only where the two share a sort order (as
 * imported) is every FAQ numbered 0..n-1 in the new order.
 */
export async function moveFaq(db: Db, staff: SessionUser, faqId: string, direction: 'up' | 'down', now: Date): Promise<FaqList> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM faqs ORDER BY id FOR UPDATE`);
    const rows = await tx.select().from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.id));
    const from = rows.findIndex((r) => r.id === faqId);
    if (from < 0) throw notFound(KINDS.faq.missing);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (to < 0 || to >= rows.length) return;
    const [moved, other] = [rows[from]!, rows[to]!];
    const renumbered =
      moved.sortOrder !== other.sortOrder
        ? [
            { id: moved.id, sortOrder: other.sortOrder },
            { id: other.id, sortOrder: moved.sortOrder },
          ]
        : rows
            .map((r, i) => (i === from ? other : i === to ? moved : r))
            .flatMap((r, i) => (r.sortOrder === i ? [] : [{ id: r.id, sortOrder: i }]));
    for (const { id, sortOrder } of renumbered) await tx.update(faqs).set({ sortOrder }).where(eq(faqs.id, id));
    await audited(tx, 'faq', { staff, action: 'move', now }, faqId, { position: from }, { position: to });
  });
  return { faqs: await faqList(db) };
}

/** Guides carry no order of their own: customers see them by category, then title. Saving dates a guide now. */
export async function createHelpGuide(db: Db, staff: SessionUser, input: GuideInput, now: Date): Promise<HelpGuide> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(helpGuides)
      .values({ id: randomUUID(), ...input, lastUpdated: now })
      .returning();
    await audited(tx, 'help-guide', { staff, action: 'create', now }, row!.id, null, row);
    return toHelpGuide(row!);
  });
}

export async function updateHelpGuide(db: Db, staff: SessionUser, guideId: string, input: GuideInput, now: Date): Promise<HelpGuide> {
  const row = await changeRow(db, 'help-guide', guideId, { staff, action: 'update', now }, async (tx) =>
    (await tx.update(helpGuides).set({ ...input, lastUpdated: now }).where(eq(helpGuides.id, guideId)).returning())[0]!,
  );
  return toHelpGuide(row);
}

export async function deleteHelpGuide(db: Db, staff: SessionUser, guideId: string, now: Date): Promise<void> {
  await changeRow(db, 'help-guide', guideId, { staff, action: 'delete', now }, async (tx) => {
    await tx.delete(helpGuides).where(eq(helpGuides.id, guideId));
    return null;
  });
}
