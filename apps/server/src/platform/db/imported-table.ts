import { eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { UPSERT_BATCH, upsertInto, type UpsertResult } from './upsert.ts';

export interface ImportWriteOptions {
  /** The records missing from the import are removed (or hidden when still used), not only the demo ones. */
  replace: boolean;
  /** The demo content of a first start: rows are marked as demo and nothing is removed. */
  demo: boolean;
}

export interface ImportWriteResult extends UpsertResult {
  removed: number;
  hidden: number;
  demoRemoved: number;
}

/**
 * A module's table that the content importer fills: the owning module makes it with `importedTable` and exports it;
 * the importer reads `table` for the export and writes only through `write`, in the caller's transaction.
 */
export interface ImportedTable {
  table: PgTable;
  /** The key property, the record's id in the export. */
  key: string;
  /**
   * Upserts the imported rows (changing only where one of `compared` differs), then, unless `demo`, deletes the stored
   * rows the import does not hold (all of them with `replace`, else only the demo ones) and unmarks the demo rows
   * the import took over.
   */
  write(
    db: Db,
    rows: Record<string, unknown>[],
    compared: string[],
    options: ImportWriteOptions,
  ): Promise<ImportWriteResult>;
}

/** Rows still in use elsewhere are hidden instead of deleted (a plan that subscriptions use). */
export interface KeepUsed {
  inUse(db: Db, keys: string[]): Promise<Set<string>>;
  hide(db: Db, keys: string[]): Promise<number>;
}

export function importedTable<T extends PgTable>(
  table: T,
  keyProperty: keyof T['$inferInsert'] & string,
  keepUsed?: KeepUsed,
): ImportedTable {
  const upsert = upsertInto(table, keyProperty);
  return {
    table,
    key: keyProperty,
    async write(db, rows, compared, options) {
      const marked = rows.map((row) => ({ ...row, demo: options.demo }) as T['$inferInsert']);
      const written = await upsert(db, marked, compared as (keyof T['$inferInsert'] & string)[]);
      const keep = new Set(rows.map((row) => row[keyProperty] as string));
      const pruned = options.demo ? NOTHING_PRUNED : await prune(db, table, keyProperty, keep, options.replace, keepUsed);
      return { ...written, ...pruned };
    },
  };
}

const NOTHING_PRUNED = { removed: 0, hidden: 0, demoRemoved: 0 };

async function prune<T extends PgTable>(
  db: Db,
  table: T,
  keyProperty: string,
  keep: Set<string>,
  replace: boolean,
  keepUsed: KeepUsed | undefined,
) {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const key = columns[keyProperty]!;
  const demo = columns.demo!;
  const stored = (await db.select({ key, demo }).from(table as PgTable)) as { key: string; demo: boolean }[];
  const gone = stored.filter((r) => !keep.has(r.key) && (replace || r.demo));
  const result = { ...NOTHING_PRUNED };
  if (gone.length) {
    const used = keepUsed ? await keepUsed.inUse(db, gone.map((r) => r.key)) : new Set<string>();
    const deleted = gone.filter((r) => !used.has(r.key));
    for (let i = 0; i < deleted.length; i += UPSERT_BATCH)
      await db.delete(table).where(inArray(key, deleted.slice(i, i + UPSERT_BATCH).map((r) => r.key)));
    result.demoRemoved = deleted.filter((r) => r.demo).length;
    result.removed = deleted.length - result.demoRemoved;
    if (used.size) result.hidden = await keepUsed!.hide(db, [...used]);
  }
  // What is left marked as demo is what the import took over (or a used row, now hidden): it is the operator's now.
  await db.update(table).set({ demo: false } as PgUpdateSetSource<T>).where(eq(demo, true));
  return result;
}
