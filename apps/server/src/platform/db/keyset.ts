import { Column, is, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { badRequest } from '../http/errors.ts';

/**
 * Keyset pagination (cursor = the sort key + the row's id), the one way a list is read a page at a time. A sort
 * key is a timestamp, carried in whole microseconds (PostgreSQL's own precision: a cursor rounded to milliseconds
 * would skip or repeat rows stamped by `now()` within one millisecond), or an integer such as a position.
 *
 * A list whose order has a part before its sort key (the staff inbox: OPEN chats before CLOSED ones) names it as a
 * `rank`: an integer expression from 0 to 9, sorted in the list's direction like the key and the id (so `desc`
 * lists the highest rank first), which the cursor carries too. Its index is on the same expression.
 */
export type KeyKind = 'timestamp' | 'integer';

/**
 * The sort key to select next to a row's columns (as decimal digits, after "rank." when the list has a rank), so
 * that a page can name its cursor.
 */
export function keysetKey(column: AnyColumn | SQL, kind: KeyKind = 'timestamp', rank?: SQL<number>) {
  const key = kind === 'timestamp' ? sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text` : sql<string>`${column}::text`;
  return rank ? sql<string>`(${rank})::text || '.' || ${key}` : key;
}

const encodeCursor = (key: string, id: string) => Buffer.from(`${key}:${id}`).toString('base64url');

const invalidCursor = () => badRequest('INVALID_CURSOR', 'This page cursor is not valid.');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cursor the caller sent back; anything this server did not make for a list of this shape is a 400 INVALID_CURSOR. */
function decodeCursor(cursor: string, ranked: boolean, uuidIds: boolean): { rank: string | null; key: string; id: string } {
  const [position, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const id = rest.join(':');
  // Keys this server makes are positive and below 10^16 (microseconds up to the year 2286), ranks one digit, ids
  // printable ASCII (a UUID where the id column is one): anything else could only fail in SQL (a time out of range,
  // a NUL in text, not a UUID).
  const parts = (ranked ? /^(\d)\.(\d{1,16})$/ : /^()(\d{1,16})$/).exec(position ?? '');
  if (!parts || !/^[\x21-\x7e]{1,200}$/.test(id) || (uuidIds && !UUID.test(id))) throw invalidCursor();
  return { rank: ranked ? parts[1]! : null, key: parts[2]!, id };
}

/**
 * The rows after the cursor in the list's order: `desc` for newest first, `asc` for oldest first. The query must
 * ORDER BY the same rank (if any), sort key, then id, all in this direction (which a (…, rank, key, id) index serves).
 */
export function afterCursor(
  sortKey: AnyColumn | SQL,
  id: AnyColumn | SQL,
  cursor: string | undefined,
  order: 'asc' | 'desc',
  kind: KeyKind = 'timestamp',
  rank?: SQL<number>,
): SQL | undefined {
  if (cursor === undefined) return undefined;
  const after = decodeCursor(cursor, rank !== undefined, is(id, Column) && id.getSQLType() === 'uuid');
  const at = kind === 'timestamp' ? sql`(timestamptz 'epoch' + ${after.key}::bigint * interval '1 microsecond')` : sql`${after.key}::bigint`;
  if (!rank) return order === 'desc' ? sql`(${sortKey}, ${id}) < (${at}, ${after.id})` : sql`(${sortKey}, ${id}) > (${at}, ${after.id})`;
  // The planner estimates a row comparison by its first column alone: `rank < 0` would promise no rows at all
  // after a cursor in the last rank, and it would then sort the whole rest of the list instead of reading the
  // index in order. `<=` and "not the cursor's own row" (ids are unique) is the same set, estimated as `rank <= 0`.
  const row = sql`(${rank}, ${sortKey}, ${id})`;
  const bound = sql`(${after.rank}::int, ${at}, ${after.id})`;
  return sql`${row} ${order === 'desc' ? sql`<=` : sql`>=`} ${bound} AND ${id} <> ${after.id}`;
}

/**
 * The rows after `row` (read with its `keysetKey`) in the list's order, as a cursor naming it reads on: where a read
 * that stopped at a row goes on from it. For a list without a rank.
 */
export function afterRow(sortKey: AnyColumn | SQL, id: AnyColumn | SQL, row: { keysetKey: string; id: string }, order: 'asc' | 'desc', kind: KeyKind = 'timestamp') {
  return afterCursor(sortKey, id, encodeCursor(row.keysetKey, row.id), order, kind);
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
