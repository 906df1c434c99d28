import { asc, getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.ts';
import { COLLECTIONS, type CollectionName } from './parse.ts';
import { CONTENT_COLLECTIONS, recordOf, type StoredCollection } from './tables.ts';

/**
 * The stored content as an export in the importer's format: importing it again changes nothing. Projects belong
 * to customers, not to the content, and are left out.
 */
export async function exportContent(db: Db): Promise<Record<string, unknown>> {
  const file: Record<string, unknown> = {};
  for (const [name, collection] of Object.entries(CONTENT_COLLECTIONS) as [Exclude<CollectionName, 'projects'>, StoredCollection][]) {
    const { table, key } = collection.stored;
    const rows = (await db.select().from(table).orderBy(asc((getTableColumns(table) as Record<string, PgColumn>)[key]!))) as Record<string, unknown>[];
    place(file, COLLECTIONS[name].path, Object.fromEntries(rows.map((row) => [row[key], recordOf(collection, row)])));
  }
  return file;
}

/** Puts `value` at "A/B/C" in `root`, making the objects on the way. */
function place(root: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split('/');
  let node = root;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts.at(-1)!] = value;
}
