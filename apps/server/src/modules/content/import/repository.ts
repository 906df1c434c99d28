import { getTableColumns, getTableName, inArray, or, sql } from 'drizzle-orm';
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
