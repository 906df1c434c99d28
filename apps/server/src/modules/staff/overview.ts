import { sql, type SQL } from 'drizzle-orm';
import type { DisputeState } from '@portal/contracts/billing';
import { OVERVIEW_DISPUTE_LIMIT, type StaffOverview } from '@portal/contracts/staff';
import type { Db } from '../../platform/db/client.ts';

/** node-postgres and PGlite both answer `{ rows }` to a raw statement. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
}

const ACTIVE = sql`t.status IN ('ACTIVE', 'ACTIVE_PENDING_UPDATE')`;
/** MRR from a sum of yearly_x12 (a subscription's price per year over 12 periods' worth, migration 0411), rounded once. */
const mrrOf = (sum: SQL) => sql`coalesce(round(${sum} / 12), 0)::bigint`;
/** A dispute the bank has not decided and the business has not accepted (contracts `isOpenDispute`). */
const OPEN_DISPUTE = sql`d.state NOT IN ('INQUIRY_CLOSED', 'WON', 'LOST', 'ACCEPTED')`;
const epochMs = (value: SQL) => sql`(extract(epoch FROM ${value}) * 1000)::bigint`;

interface Totals {
  active: number;
  mrr: string;
  new_this_month: number;
  cancelled_this_month: number;
  in_retry: number;
  nonpayment: number;
  open_chats: number;
  oldest_unanswered: string | null;
  pending_deletions: number;
  open_disputes: number;
}

/**
 * The figures of /staff/overview, every one computed by PostgreSQL (decision 0037) from figures kept as they change
 * (migration 0411, decision 0069): the sums of a few rows each, however many subscriptions and chats there are.
 * "This month" is the calendar month, in UTC, of `now` (the app's clock, which test servers can move); this month's
 * MRR counts what started or stopped this month until now.
 */
export async function staffOverview(db: Db, now: Date): Promise<StaffOverview> {
  const at = sql`${now.toISOString()}::timestamptz`;
  // Month starts as UTC wall-clock timestamps, turned back into instants: no session time zone plays a part.
  const monthStart = (offset: SQL | number) =>
    sql`((date_trunc('month', ${at} AT TIME ZONE 'UTC') + make_interval(months => (${offset})::int)) AT TIME ZONE 'UTC')`;
  const [totals] = await rowsOf<Totals>(
    db,
    sql`SELECT
      (SELECT coalesce(sum(t.subscriptions), 0)::int FROM subscription_tallies t WHERE ${ACTIVE}) AS active,
      (SELECT ${mrrOf(sql`sum(t.yearly_x12)`)} FROM subscription_tallies t WHERE ${ACTIVE}) AS mrr,
      (SELECT coalesce(sum(m.started), 0)::int FROM subscription_months m WHERE m.month = ${monthStart(0)}) AS new_this_month,
      (SELECT coalesce(sum(m.cancelled), 0)::int FROM subscription_months m WHERE m.month = ${monthStart(0)}) AS cancelled_this_month,
      (SELECT coalesce(sum(t.subscriptions), 0)::int FROM subscription_tallies t WHERE ${ACTIVE} AND t.in_retry) AS in_retry,
      (SELECT coalesce(sum(t.subscriptions), 0)::int FROM subscription_tallies t WHERE t.status = 'INACTIVE_NONPAYMENT') AS nonpayment,
      (SELECT coalesce(sum(c.chats), 0)::int FROM support_chat_tallies c WHERE c.status = 'OPEN') AS open_chats,
      (SELECT ${epochMs(sql`min(c.waiting_since)`)} FROM support_chats c WHERE c.status = 'OPEN' AND c.waiting_since IS NOT NULL) AS oldest_unanswered,
      (SELECT count(*)::int FROM account_deletion_requests d WHERE d.status = 'pending') AS pending_deletions,
      (SELECT count(*)::int FROM payment_disputes d WHERE ${OPEN_DISPUTE}) AS open_disputes`,
  );
  // A plan's title is the catalogue's, or for a plan no longer in it the one its subscriptions were sold under.
  const byPlan = await rowsOf<{ plan_id: string; title: string; active: number; mrr: string }>(
    db,
    sql`SELECT t.service_id AS plan_id, coalesce(max(p.title), max(t.service_title)) AS title, sum(t.active)::int AS active,
        ${mrrOf(sql`sum(t.yearly_x12)`)} AS mrr
      FROM (
        SELECT t.service_id, t.service_title, sum(t.subscriptions) AS active, sum(t.yearly_x12) AS yearly_x12
        FROM subscription_tallies t WHERE ${ACTIVE} GROUP BY t.service_id, t.service_title HAVING sum(t.subscriptions) > 0
      ) AS t LEFT JOIN services p ON p.id = t.service_id
      GROUP BY t.service_id
      ORDER BY mrr DESC, title, plan_id`,
  );
  // Each month's MRR at its end (now, for this month): every month's change up to it, at current prices.
  const months = await rowsOf<{ month: string; mrr: string; new_subscriptions: number }>(
    db,
    sql`WITH bounds AS (
        SELECT ${monthStart(sql`i - 11`)} AS starts FROM generate_series(0, 11) AS g(i)
      )
      SELECT to_char(b.starts AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
        (SELECT ${mrrOf(sql`sum(m.yearly_x12)`)} FROM subscription_months m WHERE m.month <= b.starts) AS mrr,
        (SELECT coalesce(sum(m.started), 0)::int FROM subscription_months m WHERE m.month = b.starts) AS new_subscriptions
      FROM bounds b ORDER BY b.starts`,
  );
  const disputes = await rowsOf<{
    id: string;
    payment_id: string;
    user_id: string;
    customer_name: string;
    service_title: string;
    amount: number;
    state: DisputeState;
    reason: string;
    due_at: string | null;
    created_at: string;
  }>(
    db,
    sql`SELECT d.id, d.payment_id, d.user_id, coalesce(nullif(u.name, ''), u.email) AS customer_name, p.service_title, d.amount, d.state,
        d.reason, ${epochMs(sql`d.due_at`)} AS due_at, ${epochMs(sql`d.created_at`)} AS created_at
      FROM payment_disputes d JOIN payments p ON p.id = d.payment_id JOIN users u ON u.id = d.user_id
      WHERE ${OPEN_DISPUTE}
      ORDER BY d.created_at DESC, d.id DESC
      LIMIT ${OVERVIEW_DISPUTE_LIMIT}`,
  );
  const t = totals!;
  return {
    asOfTimestamp: now.getTime(),
    activeSubscriptions: t.active,
    mrr: Number(t.mrr),
    byPlan: byPlan.map((p) => ({ planId: p.plan_id, title: p.title, activeSubscriptions: p.active, mrr: Number(p.mrr) })),
    newThisMonth: t.new_this_month,
    cancelledThisMonth: t.cancelled_this_month,
    renewalsInRetry: t.in_retry,
    inactiveNonpayment: t.nonpayment,
    openChats: t.open_chats,
    oldestUnansweredTimestamp: t.oldest_unanswered === null ? null : Number(t.oldest_unanswered),
    pendingDeletionRequests: t.pending_deletions,
    openDisputes: t.open_disputes,
    disputes: disputes.map((d) => ({
      disputeId: d.id,
      paymentId: d.payment_id,
      userId: d.user_id,
      customerName: d.customer_name,
      serviceTitle: d.service_title,
      amount: Number(d.amount),
      state: d.state,
      reason: d.reason,
      dueAt: d.due_at === null ? null : Number(d.due_at),
      createdAt: Number(d.created_at),
    })),
    months: months.map((m) => ({ month: m.month, mrr: Number(m.mrr), newSubscriptions: m.new_subscriptions })),
  };
}
