import { cancelReasonLabel } from '@portal/contracts/subscriptions';
import { QueryState } from '@/components/ui/query-state';
import { useChurnByReason } from '../api/staff-subscriptions';

const CELL = 'border-b border-slate-200 px-3 py-2';

/**
 * The overview's churn by reason: subscriptions cancelled in the last 90 days and still cancelled, by the reason the
 * customer gave, most common first, each with its share.
 */
export function ChurnByReason() {
  const churn = useChurnByReason();
  return (
    <section aria-labelledby="overview-churn">
      <h2 id="overview-churn" className="mb-3 text-lg font-semibold text-slate-900">
        Why customers cancel
      </h2>
      <QueryState query={churn} pending="Loading the reasons..." error="Could not load the reasons.">
        {(data) =>
          data.total === 0 ? (
            <p className="text-slate-600">No cancellations in the last {data.days} days.</p>
          ) : (
            <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
              <table className="w-full text-left text-sm">
                <caption className="px-3 pt-3 text-left text-sm text-slate-600">
                  {data.total} {data.total === 1 ? 'subscription' : 'subscriptions'} cancelled in the last {data.days} days and not reactivated
                </caption>
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className={CELL}>Reason</th>
                    <th scope="col" className={`${CELL} text-right`}>Cancelled</th>
                    <th scope="col" className={`${CELL} text-right`}>Share</th>
                  </tr>
                </thead>
                <tbody className="tabular-nums">
                  {data.reasons.map((r) => (
                    <tr key={r.reason ?? 'none'}>
                      <th scope="row" className={`${CELL} font-medium text-slate-900`}>{cancelReasonLabel(r.reason)}</th>
                      <td className={`${CELL} text-right`}>{r.count}</td>
                      <td className={`${CELL} text-right`}>{Math.round((r.count / data.total) * 100)}%</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </section>
  );
}
