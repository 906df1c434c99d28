import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { badRequest } from '../http/errors.ts';

/**
 * Keyset pagination (cursor = the sort key + the row's id). The sort key is a timestamp carried in whole
 * microseconds, PostgreSQL's own precision: a cursor rounded to milliseconds would skip or repeat rows stamped by
 * `now()` within the same millisecond.
 */
export interface Keyset {
  /** Microseconds since the epoch, as decimal digits. */
  micros: string;
  id: string;
}

/** The sort key to select next to a row's columns, so that its page can name the cursor after it. */
export const keysetKey = (column: AnyColumn | SQL) => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

export const encodeCursor = (key: Keyset) => Buffer.from(`${key.micros}:${key.id}`).toString('base64url');

/** A cursor the caller sent back; anything this server did not make is a 400 INVALID_CURSOR. */
export function decodeCursor(cursor: string): Keyset {
  const [micros, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const id = rest.join(':');
  if (!micros || !/^-?\d{1,18}$/.test(micros) || !id) throw badRequest('INVALID_CURSOR', 'This page cursor is not valid.');
  return { micros, id };
}

/**
 * The rows after the cursor in the list's order: `desc` for newest first, `asc` for oldest first. `order` must be
 * the same as the query's ORDER BY (sort key, then id, both the same direction), which a (…, key, id) index serves.
 */
export function afterCursor(sortKey: AnyColumn | SQL, id: AnyColumn | SQL, cursor: string | undefined, order: 'asc' | 'desc'): SQL | undefined {
  if (cursor === undefined) return undefined;
  const key = decodeCursor(cursor);
  const at = sql`(timestamptz 'epoch' + ${key.micros}::bigint * interval '1 microsecond')`;
  return order === 'desc' ? sql`(${sortKey}, ${id}) < (${at}, ${key.id})` : sql`(${sortKey}, ${id}) > (${at}, ${key.id})`;
}

/**
 * A page from rows read with `limit + 1`: the extra row only says that another page follows, and the cursor names
 * the last row shown.
 */
export function pageFrom<T extends { id: string; keysetKey: string }>(rows: T[], limit: number): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor({ micros: last.keysetKey, id: last.id }) : null };
}
