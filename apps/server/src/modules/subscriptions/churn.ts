import { and, count, desc, eq, gte } from 'drizzle-orm';
import { CHURN_WINDOW_DAYS, type ChurnByReason } from '@portal/contracts/subscriptions';
import { cancelReasonSchema } from '@portal/contracts/subscriptions';
import type { Db } from '../../platform/db/client.ts';
import { subscriptions } from './schema.ts';

/**
 * Churn by reason for the staff overview: subscriptions cancelled in the last 90 days that are still cancelled (a
 * reactivation takes its subscription out), counted by the reason the customer gave, most common first. A stored
 * reason the contract does not know counts as none.
 */
export async function churnByReason(db: Db, now: Date): Promise<ChurnByReason> {
  const since = new Date(now.getTime() - CHURN_WINDOW_DAYS * 86_400_000);
  const rows = await db
    .select({ reason: subscriptions.cancelReason, count: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'CANCELLED'), gte(subscriptions.cancelledAt, since)))
    .groupBy(subscriptions.cancelReason)
    .orderBy(desc(count()));
  const byReason = new Map<ChurnByReason['reasons'][number]['reason'], number>();
  for (const row of rows) {
    const reason = cancelReasonSchema.safeParse(row.reason).data ?? null;
    byReason.set(reason, (byReason.get(reason) ?? 0) + Number(row.count));
  }
  const reasons = [...byReason].map(([reason, n]) => ({ reason, count: n })).sort((a, b) => b.count - a.count);
  return { sinceTimestamp: since.getTime(), days: CHURN_WINDOW_DAYS, total: reasons.reduce((sum, r) => sum + r.count, 0), reasons };
}
