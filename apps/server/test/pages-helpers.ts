import { expect } from 'vitest';
import { as } from './billing-helpers.ts';
import type { TestContext, TestUser } from './helpers.ts';

/**
 * Reads a list read a page at a time (contracts `page.ts`) to its end, `limit` rows a page, and checks what every
 * such list promises: full pages until the last, no row twice, every row of `expected` (the owner's), none of
 * `foreign` (another user's or another filter's), and 400s for a limit above 100 and for a cursor this server did
 * not make (`forged` adds cursors only this list refuses, e.g. one of another list's shape).
 */
export async function expectKeysetPages(
  ctx: TestContext,
  user: TestUser,
  options: { path: string; rows: (body: Record<string, unknown>) => { id: string }[]; expected: string[]; foreign?: string[]; limit?: number; forged?: string[] },
) {
  const limit = options.limit ?? 10;
  const join = options.path.includes('?') ? '&' : '?';
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await as(ctx, user, 'GET', `${options.path}${join}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Record<string, unknown> & { nextCursor: string | null };
    const rows = options.rows(body);
    cursor = body.nextCursor;
    if (cursor) expect(rows).toHaveLength(limit);
    seen.push(...rows.map((row) => row.id));
    pages += 1;
  } while (cursor && pages < 1000);
  expect(new Set(seen).size).toBe(seen.length);
  expect([...seen].sort()).toEqual([...options.expected].sort());
  for (const id of options.foreign ?? []) expect(seen).not.toContain(id);

  const first = await as(ctx, user, 'GET', options.path);
  expect(options.rows(first.json())).toHaveLength(Math.min(25, options.expected.length));
  const tooMany = await as(ctx, user, 'GET', `${options.path}${join}limit=101`);
  expect(tooMany.statusCode).toBe(400);
  expect(tooMany.json().error.code).toBe('VALIDATION_ERROR');
  const forged = ['12:', 'x:y', '-999999999999999999:a', '99999999999999999:a', '12:a\u0000b', ...(options.forged ?? [])].map((text) =>
    Buffer.from(text).toString('base64url'),
  );
  for (const bad of ['bm9wZQ', 'not a cursor', ...forged]) {
    const res = await as(ctx, user, 'GET', `${options.path}${join}cursor=${encodeURIComponent(bad)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_CURSOR');
  }
  return seen;
}

/** `count` timestamps, two rows to each, so that pages must break ties by id. */
export const tiedTimestamps = (count: number, base = Date.parse('2026-03-01T12:00:00.000Z')) =>
  Array.from({ length: count }, (_, i) => new Date(base - Math.floor(i / 2) * 1000).toISOString());

/** `count` rows of `owner` through `insert` ($1 the row's id, $2 the owner's, $3 its time), newest first. */
export async function seedRows(ctx: TestContext, owner: TestUser, count: number, prefix: string, insert: string) {
  const ids: string[] = [];
  for (const [i, at] of tiedTimestamps(count).entries()) {
    const id = `${prefix}-${owner.id}-${String(i).padStart(3, '0')}`;
    await ctx.database.sql.query(insert, [id, owner.id, at]);
    ids.push(id);
  }
  return ids;
}
