import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

// Postgres takes at most 65535 parameters per statement.
export const UPSERT_BATCH = 500;

export interface UpsertResult {
  created: number;
  updated: number;
  unchanged: number;
  /** Keys of the rows that were created or updated. */
  changed: string[];
}

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
  for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
    const batch = rows.slice(i, i + UPSERT_BATCH);
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

/** A module's bulk writer of one of its tables: `upsertChanged` on the table, by its key. */
export type Upsert<T extends PgTable> = (
  db: Db,
  rows: T['$inferInsert'][],
  compared: (keyof T['$inferInsert'] & string)[],
) => Promise<UpsertResult>;
export const upsertInto =
  <T extends PgTable>(table: T, keyProperty: keyof T['$inferInsert'] & string): Upsert<T> =>
  (db, rows, compared) =>
    upsertChanged(db, table, keyProperty, rows, compared);
