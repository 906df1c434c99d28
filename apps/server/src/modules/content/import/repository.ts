import { and, eq, getTableColumns, getTableName, inArray, ne, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.ts';
import { users } from '../../../platform/auth/schema.ts';
import { services } from '../../plans/index.ts';
import { subscriptions } from '../../subscriptions/index.ts';

export interface UpsertResult {
  created: number;
  updated: number;
  unchanged: number;
  /** Keys of the rows that were created or updated. */
  changed: string[];
}

// Postgres takes at most 65535 parameters per statement.
const BATCH = 500;

/**
 * Inserts rows, or updates the existing row with the same key only where one of `compared` differs, so that a
 * re-import writes nothing. `xmax = 0` tells a fresh insert from an update; rows that did not change are not
 * returned at all.
 */
export async function upsertChanged<T extends PgTable>(
  db: Db,
  table: T,
  keyProperty: string,
  rows: T['$inferInsert'][],
  compared: string[],
): Promise<UpsertResult> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const key = columns[keyProperty]!;
  const tableName = getTableName(table);
  const column = (property: string) => `"${columns[property]!.name}"`;
  const set = Object.fromEntries(compared.map((p) => [p, sql.raw(`excluded.${column(p)}`)]));
  if ('updatedAt' in columns) set.updatedAt = sql.raw('now()');
  const tuple = (alias: string) => compared.map((p) => `${alias}.${column(p)}`).join(', ');
  const setWhere = sql.raw(`(${tuple(`"${tableName}"`)}) IS DISTINCT FROM (${tuple('excluded')})`);

  const result: UpsertResult = { created: 0, updated: 0, unchanged: 0, changed: [] };
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const written = (await db
      .insert(table)
      .values(batch)
      .onConflictDoUpdate({ target: key, set: set as PgUpdateSetSource<T>, setWhere })
      .returning({ key, created: sql<boolean>`(xmax = 0)` })) as { key: string; created: boolean }[];
    for (const row of written) {
      if (row.created) result.created += 1;
      else result.updated += 1;
      result.changed.push(row.key);
    }
    result.unchanged += batch.length - written.length;
  }
  return result;
}

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

export async function existingServiceIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: services.id }).from(services).where(inArray(services.id, ids));
  return new Set(rows.map((r) => r.id));
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
      const hidden = await db
        .update(services)
        .set({ visibility: 'hidden', updatedAt: sql`now()` })
        .where(and(inArray(services.id, [...used]), ne(services.visibility, 'hidden')))
        .returning({ id: services.id });
      result.hidden = hidden.length;
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
