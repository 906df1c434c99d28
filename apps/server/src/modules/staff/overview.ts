import { sql, type SQL } from 'drizzle-orm';
import type { DisputeState } from '@portal/contracts/billing';
import { OVERVIEW_DISPUTE_LIMIT, type StaffOverview } from '@portal/contracts/staff-console';
import type { Db } from '../../platform/db/client.ts';

/** node-postgres and PGlite both answer `{ rows }` to a raw statement. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
}

const ACTIVE = sql`s.status IN ('ACTIVE', 'ACTIVE_PENDING_UPDATE')`;
/**
 * A subscription's price per year over 12 periods' worth: amount x 12 for a month (and any unknown period, as
 * `periods.ts` reads it), x 1 for a year, x 52 for a week, x 365 for a day. MRR is the sum of these / 12, rounded to
 * the cent once, so that it is exact whatever the mix of periods.
 */
const YEARLY_X12 = sql`(s.amount::numeric * CASE
  WHEN lower(trim(s.recurring)) IN ('year', 'yearly', 'annual', 'annually') THEN 1
  WHEN lower(trim(s.recurring)) IN ('week', 'weekly') THEN 52
  WHEN lower(trim(s.recurring)) IN ('day', 'daily') THEN 365
  ELSE 12 END)`;
const mrrOf = (sum: SQL) => sql`coalesce(round(${sum} / 12), 0)::bigint`;
/**
 * When a subscription stopped counting: its cancellation, or for non-payment the last failed renewal (the one that
 * ended the retries); null while it is active.
 */
const ENDED_AT = sql`CASE
  WHEN ${ACTIVE} THEN NULL
  WHEN s.status = 'CANCELLED' THEN coalesce(s.cancelled_at, s.updated_at)
  WHEN s.status = 'INACTIVE_NONPAYMENT' THEN coalesce(
    (SELECT max(p.created_at) FROM payments p WHERE p.subscription_id = s.id AND p.purchase_type = 'Renewal' AND p.status = 'Failed'),
    s.updated_at)
  ELSE s.updated_at END`;
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
 * The figures of /staff/overview, every one computed by PostgreSQL (decision 0037). "This month" is the calendar
 * month, in UTC, of `now` (the app's clock, which test servers can move).
 */
export async function staffOverview(db: Db, now: Date): Promise<StaffOverview> {
  const at = sql`${now.toISOString()}::timestamptz`;
  // Month starts as UTC wall-clock timestamps, turned back into instants: no session time zone plays a part.
  const monthStart = (offset: SQL | number) =>
    sql`((date_trunc('month', ${at} AT TIME ZONE 'UTC') + make_interval(months => (${offset})::int)) AT TIME ZONE 'UTC')`;
  const [totals] = await rowsOf<Totals>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM subscriptions s WHERE ${ACTIVE}) AS active,
      (SELECT ${mrrOf(sql`sum(${YEARLY_X12})`)} FROM subscriptions s WHERE ${ACTIVE}) AS mrr,
      (SELECT count(*)::int FROM subscriptions s WHERE s.start_date >= ${monthStart(0)} AND s.start_date < ${monthStart(1)}) AS new_this_month,
      (SELECT count(*)::int FROM subscriptions s
        WHERE s.status = 'CANCELLED' AND s.cancelled_at >= ${monthStart(0)} AND s.cancelled_at < ${monthStart(1)}) AS cancelled_this_month,
      (SELECT count(*)::int FROM subscriptions s WHERE ${ACTIVE} AND s.renewal_failures > 0) AS in_retry,
      (SELECT count(*)::int FROM subscriptions s WHERE s.status = 'INACTIVE_NONPAYMENT') AS nonpayment,
      (SELECT count(*)::int FROM support_chats c WHERE c.status = 'OPEN') AS open_chats,
      (SELECT ${epochMs(sql`min(m.sent_at)`)} FROM support_chats c JOIN support_messages m ON m.chat_id = c.id
        WHERE c.status = 'OPEN' AND c.last_messenger_type = 'user' AND m.messenger_type = 'user'
          AND m.position > coalesce((SELECT max(r.position) FROM support_messages r WHERE r.chat_id = c.id AND r.messenger_type = 'support'), 0)
      ) AS oldest_unanswered,
      (SELECT count(*)::int FROM account_deletion_requests d WHERE d.status = 'pending') AS pending_deletions,
      (SELECT count(*)::int FROM payment_disputes d WHERE ${OPEN_DISPUTE}) AS open_disputes`,
  );
  const byPlan = await rowsOf<{ plan_id: string; title: string; active: number; mrr: string }>(
    db,
    sql`SELECT s.service_id AS plan_id, coalesce(max(p.title), max(s.service_title)) AS title, count(*)::int AS active,
        ${mrrOf(sql`sum(${YEARLY_X12})`)} AS mrr
      FROM subscriptions s LEFT JOIN services p ON p.id = s.service_id
      WHERE ${ACTIVE}
      GROUP BY s.service_id
      ORDER BY mrr DESC, title, plan_id`,
  );
  // Each month's MRR is taken at its end (now, for this month) from start dates, end dates and current prices.
  const months = await rowsOf<{ month: string; mrr: string; new_subscriptions: number }>(
    db,
    sql`WITH bounds AS (
        SELECT ${monthStart(sql`i - 11`)} AS starts, ${monthStart(sql`i - 10`)} AS ends
        FROM generate_series(0, 11) AS g(i)
      ), subs AS (
        SELECT s.start_date, ${ENDED_AT} AS ended_at, ${YEARLY_X12} AS yearly_x12 FROM subscriptions s
      )
      SELECT to_char(b.starts AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
        (SELECT ${mrrOf(sql`sum(u.yearly_x12)`)} FROM subs u
          WHERE u.start_date < least(b.ends, ${at}) AND (u.ended_at IS NULL OR u.ended_at >= least(b.ends, ${at}))) AS mrr,
        (SELECT count(*)::int FROM subs u WHERE u.start_date >= b.starts AND u.start_date < b.ends) AS new_subscriptions
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
