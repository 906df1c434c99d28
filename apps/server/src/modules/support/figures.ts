import { sql, type SQL } from 'drizzle-orm';
import { SUPPORT_FIGURES_DAYS, type SupportFigures } from '@portal/contracts/support-inbox';
import type { Db } from '../../platform/db/client.ts';

/** node-postgres and PGlite both answer `{ rows }` to a raw statement. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
}

interface Row {
  rating_count: number;
  average_rating: string | null;
  answered_chats: number;
  median_seconds: string | number | null;
  average_seconds: string | null;
}

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * The overview's support figures over the last days: the average of the ratings given in them, and for the chats
 * opened in them that support answered, the time from the chat's opening to support's first message (median and
 * average, in seconds). Chats not answered yet are left out of the times (the overview shows the oldest waiting).
 */
export async function supportFigures(db: Db, now: Date): Promise<SupportFigures> {
  const since = sql`(${now.toISOString()}::timestamptz - make_interval(days => ${SUPPORT_FIGURES_DAYS}))`;
  const [row] = await rowsOf<Row>(
    db,
    sql`WITH waits AS (
        SELECT extract(epoch FROM (first.sent_at - c.created_at)) AS seconds
        FROM support_chats c
        CROSS JOIN LATERAL (
          SELECT m.sent_at FROM support_messages m
          WHERE m.chat_id = c.id AND m.messenger_type = 'support'
          ORDER BY m.position LIMIT 1
        ) first
        WHERE c.created_at >= ${since}
      ), ratings AS (
        SELECT count(*)::int AS rating_count, avg(r.rating) AS average_rating FROM chat_ratings r WHERE r.created_at >= ${since}
      )
      SELECT ratings.rating_count, ratings.average_rating,
        (SELECT count(*)::int FROM waits) AS answered_chats,
        (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) FROM waits) AS median_seconds,
        (SELECT avg(seconds) FROM waits) AS average_seconds
      FROM ratings`,
  );
  return {
    days: SUPPORT_FIGURES_DAYS,
    ratingCount: row!.rating_count,
    averageRating: row!.average_rating === null ? null : Math.round(Number(row!.average_rating) * 10) / 10,
    answeredChats: row!.answered_chats,
    medianFirstResponseSeconds: numberOrNull(row!.median_seconds) === null ? null : Math.round(Number(row!.median_seconds)),
    averageFirstResponseSeconds: numberOrNull(row!.average_seconds) === null ? null : Math.round(Number(row!.average_seconds)),
  };
}
