import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Runs `read` in a transaction of its own with index walks and sequential scans off for it (`SET LOCAL`), so that
 * the planner finds the rows through bitmap index scans and sorts them. For a search whose matches it cannot count (a
 * word or a fragment it has no statistics for): it takes a rare one for common, and would walk the table's order
 * index to the end, or read it whole, for a handful of matches (decisions 0066 and 0068).
 */
export function throughBitmaps<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('enable_indexscan', 'off', true), set_config('enable_seqscan', 'off', true)`);
    return read(tx);
  });
}
