import { Link } from 'react-router';
import { formatCents } from '@portal/contracts/money';
import type { StaffOverview } from '@portal/contracts/staff';
import { Page } from '@/components/ui/page';
import { DisputeBadge } from '@/features/billing/components/dispute-badge';
import { QueryState } from '@/components/ui/query-state';
import { useStaffOverview } from '@/features/staff/api/overview';
import { BarChart } from '@/features/staff/components/bar-chart';
import { Stat } from '@/components/ui/stat';
import { SupportQuality } from '@/features/support/components/support-quality';
import { ChurnByReason } from '@/features/subscriptions/components/churn-by-reason';
import { RetentionOfferSection } from '@/features/subscriptions/components/retention-offer-section';
import { formatShortDate, formatTime } from '@/lib/format';
import { paths } from '@/lib/paths';

/** "2026-11" as "Nov" and "November 2026" (months are UTC calendar months). */
function monthLabels(month: string) {
  const [year, m] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year!, m! - 1, 1));
  const format = (options: Intl.DateTimeFormatOptions) => date.toLocaleDateString('en-US', { ...options, timeZone: 'UTC' });
  return { label: format({ month: 'short' }), longLabel: format({ month: 'long', year: 'numeric' }) };
}

/** How long the oldest unanswered message has waited: "12 min", "3 h 5 min", "2 d 3 h". */
function formatWait(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

const count = (n: number) => n.toLocaleString('en-US');
const SECTION = 'mb-3 text-lg font-semibold text-slate-900';
const GRID = 'grid grid-cols-2 gap-3 lg:grid-cols-3';
const CELL = 'border-b border-slate-200 px-3 py-2';

/** A table of figures: a row header, then two numbers right-aligned; each row is [key, header, first, second]. */
function FigureTable({ caption, head, rows }: { caption?: string; head: [string, string, string]; rows: [string, string, string, string][] }) {
  return (
    <table className="w-full text-left text-sm">
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead className="bg-slate-50 text-slate-700">
        <tr>
          <th scope="col" className={CELL}>{head[0]}</th>
          <th scope="col" className={`${CELL} text-right`}>{head[1]}</th>
          <th scope="col" className={`${CELL} text-right`}>{head[2]}</th>
        </tr>
      </thead>
      <tbody className="tabular-nums">
        {rows.map(([key, header, first, second]) => (
          <tr key={key}>
            <th scope="row" className={`${CELL} font-medium text-slate-900`}>{header}</th>
            <td className={`${CELL} text-right`}>{first}</td>
            <td className={`${CELL} text-right`}>{second}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Figures({ o }: { o: StaffOverview }) {
  const months = o.months.map((m) => ({ ...m, ...monthLabels(m.month) }));
  const waiting = o.oldestUnansweredTimestamp;
  return (
    <div className="space-y-8">
      <p className="text-sm text-slate-600">
        As of {formatShortDate(o.asOfTimestamp)}, {formatTime(o.asOfTimestamp)}. “This month” is {months.at(-1)?.longLabel} (UTC).
      </p>
      <section aria-labelledby="overview-subscriptions">
        <h2 id="overview-subscriptions" className={SECTION}>Subscriptions</h2>
        <dl className={GRID}>
          <Stat label="Active subscriptions" value={count(o.activeSubscriptions)} />
          <Stat label="Monthly recurring revenue" value={formatCents(o.mrr)} />
          <Stat label="New this month" value={count(o.newThisMonth)} />
          <Stat label="Cancelled this month" value={count(o.cancelledThisMonth)} />
          <Stat label="Renewals in retry" value={count(o.renewalsInRetry)} hint="Failed, retried automatically" />
          <Stat label="Inactive (non-payment)" value={count(o.inactiveNonpayment)} />
        </dl>
      </section>
      <section aria-labelledby="overview-support">
        <h2 id="overview-support" className={SECTION}>Support</h2>
        <dl className={GRID}>
          <Stat label="Open chats" value={count(o.openChats)} hint={<Link to={paths.staffInbox()} className="font-semibold text-brand-700 underline">Inbox</Link>} />
          <Stat
            label="Longest unanswered wait"
            value={waiting === null ? 'None' : formatWait(o.asOfTimestamp - waiting)}
            hint={waiting === null ? 'No customer is waiting' : `Since ${formatShortDate(waiting)}, ${formatTime(waiting)}`}
          />
          <Stat
            label="Deletion requests pending"
            value={count(o.pendingDeletionRequests)}
            hint={<Link to={paths.staffDeletionRequests()} className="font-semibold text-brand-700 underline">Deletion requests</Link>}
          />
        </dl>
      </section>
      <Disputes o={o} />
      <section aria-labelledby="overview-plans">
        <h2 id="overview-plans" className={SECTION}>Active subscriptions by plan</h2>
        {o.byPlan.length === 0 ? (
          <p className="text-slate-600">No active subscriptions.</p>
        ) : (
          <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
            <FigureTable head={['Plan', 'Active', 'MRR']} rows={o.byPlan.map((p) => [p.planId, p.title, count(p.activeSubscriptions), formatCents(p.mrr)])} />
          </div>
        )}
      </section>
      <section aria-labelledby="overview-months" className="space-y-3">
        <h2 id="overview-months" className={SECTION}>The last 12 months</h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <BarChart title="MRR at each month's end" bars={months.map((m) => ({ ...m, value: m.mrr }))} format={formatCents} />
          <BarChart title="New subscriptions per month" bars={months.map((m) => ({ ...m, value: m.newSubscriptions }))} format={count} />
        </div>
        <details className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <summary className="cursor-pointer font-semibold text-slate-900">The charts' figures as a table</summary>
          <div className="mt-3 overflow-x-auto">
            <FigureTable
              caption="MRR and new subscriptions by month"
              head={['Month', 'MRR at its end', 'New subscriptions']}
              rows={months.map((m) => [m.month, m.longLabel, formatCents(m.mrr), count(m.newSubscriptions)])}
            />
          </div>
        </details>
      </section>
      {/* How the business keeps its customers and serves them, after its figures. */}
      <ChurnByReason />
      <RetentionOfferSection />
      <SupportQuality />
      <section aria-labelledby="overview-note" className="rounded-2xl bg-slate-100 p-4 text-sm text-slate-700">
        <h2 id="overview-note" className="mb-1 font-semibold text-slate-900">How these are counted</h2>
        <p>
          <strong>MRR</strong> (monthly recurring revenue) is the sum, over every active subscription (renewals in retry included), of its price per
          month: a yearly price divided by 12, a weekly one times 52 divided by 12. It is summed before rounding to the cent. Discounts (promo codes, a
          retention offer) are not taken off it.
        </p>
        <p className="mt-2">
          Earlier months’ MRR is taken at each month’s end from when subscriptions started, were cancelled or stopped for non-payment, at their
          current prices. “New” counts subscriptions started in the month; “cancelled” those cancelled in it that are still cancelled.
        </p>
      </section>
    </div>
  );
}

/** Open disputes (chargebacks): how many, and the newest with whose payment and when Square needs the evidence. */
function Disputes({ o }: { o: StaffOverview }) {
  return (
    <section aria-labelledby="overview-disputes">
      <h2 id="overview-disputes" className={SECTION}>Payments</h2>
      <dl className={GRID}>
        <Stat label="Open disputes" value={count(o.openDisputes)} hint="Answer them in Square's Dashboard, under Disputes" />
      </dl>
      {o.disputes.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm shadow-sm">
          {o.disputes.map((d) => (
            <li key={d.disputeId} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
              <Link to={paths.staffCustomer(d.userId)} className="font-semibold text-brand-700 underline">
                {d.customerName}
              </Link>
              <span className="text-slate-700">
                {formatCents(d.amount)} · {d.serviceTitle}
              </span>
              <DisputeBadge dispute={d} />
              <span className="text-slate-600">
                {d.reason.toLowerCase().replace(/_/g, ' ')}
                {d.dueAt !== null && ` · evidence due ${formatShortDate(d.dueAt)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /staff/overview: the business at a glance. */
export function Component() {
  const overview = useStaffOverview();
  return (
    <Page title="Overview">
      <QueryState query={overview} pending="Loading the overview..." error="Could not load the overview.">
        {(data) => <Figures o={data} />}
      </QueryState>
    </Page>
  );
}
