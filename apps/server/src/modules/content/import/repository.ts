import { eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.ts';
import { UPSERT_BATCH as BATCH } from '../../../platform/db/upsert.ts';
import { users } from '../../../platform/auth/schema.ts';
import { hidePlans, services } from '../../plans/index.ts';
import { subscriptions } from '../../subscriptions/index.ts';

/** Users named by id or by e-mail (compared case-insensitively). */
export async function findUsers(db: Db, ids: string[], emails: string[]) {
  if (!ids.length && !emails.length) return [];
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      or(
        inArray(users.id, ids.length ? ids : ['']),
        inArray(sql`lower(${users.email})`, emails.length ? emails : ['']),
      ),
    );
}

export async function findSubscriptionOwners(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: subscriptions.id, userId: subscriptions.userId })
    .from(subscriptions)
    .where(inArray(subscriptions.id, ids));
}

/** Serialises imports, so that two at once cannot interleave their upserts. */
export async function lockImports(db: Db) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727275)`);
}

/** The tables that hold content (projects belong to customers, so they do not count as content). */
export const CONTENT_TABLES = [
  'services',
  'faqs',
  'featured_banners',
  'help_guides',
  'form_items',
  'promo_codes',
  'completion_step_templates',
  'portfolio_entries',
  'trusted_businesses',
] as const;

/** True when none of the content tables holds a row: the database has never had content. */
export async function contentIsEmpty(db: Db): Promise<boolean> {
  const probe = CONTENT_TABLES.map((t) => `EXISTS (SELECT 1 FROM ${t})`).join(' OR ');
  const result = await db.execute(sql.raw(`SELECT (${probe}) AS has_content`));
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    has_content: boolean;
  }[];
  return !rows[0]?.has_content;
}

export interface PruneResult {
  removed: number;
  hidden: number;
  demoRemoved: number;
}

/**
 * After an import of a collection: deletes the stored records that the file does not hold, either all of them
 * (`replace`) or only the demo ones, and unmarks the demo records the file took over. A plan that subscriptions use
 * (now or as their pending plan) is hidden instead of deleted.
 */
export async function pruneCollection<T extends PgTable>(
  db: Db,
  table: T,
  keyProperty: string,
  keep: Set<string>,
  replace: boolean,
): Promise<PruneResult> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const key = columns[keyProperty]!;
  const demo = columns.demo!;
  const stored = (await db.select({ key, demo }).from(table as PgTable)) as { key: string; demo: boolean }[];
  const gone = stored.filter((r) => !keep.has(r.key) && (replace || r.demo));
  const result: PruneResult = { removed: 0, hidden: 0, demoRemoved: 0 };
  if (gone.length) {
    const used = table === (services as PgTable) ? await plansInUse(db, gone.map((r) => r.key)) : new Set<string>();
    const deleted = gone.filter((r) => !used.has(r.key));
    for (let i = 0; i < deleted.length; i += BATCH)
      await db.delete(table).where(inArray(key, deleted.slice(i, i + BATCH).map((r) => r.key)));
    result.demoRemoved = deleted.filter((r) => r.demo).length;
    result.removed = deleted.length - result.demoRemoved;
    if (used.size) {
      result.hidden = await hidePlans(db, [...used]);
    }
  }
  // What is left marked as demo is what the file took over (or a used plan, now hidden): it is the operator's now.
  await db.update(table).set({ demo: false } as PgUpdateSetSource<T>).where(eq(demo, true));
  return result;
}

/** The plans among `ids` that a subscription uses, as its plan or as the plan it changes to. */
async function plansInUse(db: Db, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ serviceId: subscriptions.serviceId, pending: subscriptions.pendingServiceId })
    .from(subscriptions)
    .where(or(inArray(subscriptions.serviceId, ids), inArray(subscriptions.pendingServiceId, ids)));
  const wanted = new Set(ids);
  return new Set(rows.flatMap((r) => [r.serviceId, r.pending ?? '']).filter((id) => wanted.has(id)));
}
