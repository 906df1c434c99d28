import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { badRequest } from '../http/errors.ts';

/**
 * Keyset pagination (cursor = the sort key + the row's id), the one way a list is read a page at a time. A sort
 * key is a timestamp, carried in whole microseconds (PostgreSQL's own precision: a cursor rounded to milliseconds
 * would skip or repeat rows stamped by `now()` within one millisecond), or an integer such as a position.
 */
export type KeyKind = 'timestamp' | 'integer';

/** The sort key to select next to a row's columns (as decimal digits), so that a page can name its cursor. */
export const keysetKey = (column: AnyColumn | SQL, kind: KeyKind = 'timestamp') =>
  kind === 'timestamp' ? sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text` : sql<string>`${column}::text`;

const encodeCursor = (key: string, id: string) => Buffer.from(`${key}:${id}`).toString('base64url');

/** A cursor the caller sent back; anything this server did not make is a 400 INVALID_CURSOR. */
function decodeCursor(cursor: string): { key: string; id: string } {
  const [key, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const id = rest.join(':');
  // Keys this server makes are positive and below 10^16 (microseconds up to the year 2286), ids printable ASCII:
  // anything else could only fail in SQL (a time out of range, a NUL in text).
  if (!key || !/^\d{1,16}$/.test(key) || !/^[\x21-\x7e]{1,200}$/.test(id)) throw badRequest('INVALID_CURSOR', 'This page cursor is not valid.');
  return { key, id };
}

/**
 * The rows after the cursor in the list's order: `desc` for newest first, `asc` for oldest first. The query must
 * ORDER BY the same sort key, then id, both in this direction (which a (…, key, id) index serves).
 */
export function afterCursor(
  sortKey: AnyColumn | SQL,
  id: AnyColumn | SQL,
  cursor: string | undefined,
  order: 'asc' | 'desc',
  kind: KeyKind = 'timestamp',
): SQL | undefined {
  if (cursor === undefined) return undefined;
  const after = decodeCursor(cursor);
  const at = kind === 'timestamp' ? sql`(timestamptz 'epoch' + ${after.key}::bigint * interval '1 microsecond')` : sql`${after.key}::bigint`;
  return order === 'desc' ? sql`(${sortKey}, ${id}) < (${at}, ${after.id})` : sql`(${sortKey}, ${id}) > (${at}, ${after.id})`;
}

/**
 * A page from rows read with `limit + 1` (selected with their `keysetKey`): the extra row only says that another
 * page follows, and the cursor names the last row shown.
 */
export function pageFrom<T extends { id: string; keysetKey: string }>(rows: T[], limit: number): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor(last.keysetKey, last.id) : null };
}
