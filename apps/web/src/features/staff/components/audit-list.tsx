import { QueryState } from '@/components/ui/query-state';
import { formatShortDate, formatTime } from '@/lib/format';
import { useCustomerAudit } from '../api/customers';
import { LoadMore } from '@/components/ui/load-more';

const json = (value: unknown) => (value === null ? '—' : JSON.stringify(value, null, 2));

/** Staff writes concerning a customer, newest first, each with who, what, when and the record before and after. */
export function AuditList({ userId }: { userId: string }) {
  const audit = useCustomerAudit(userId);
  return (
    <QueryState query={audit} pending="Loading the audit log..." error="Could not load the audit log." empty="No staff changes yet.">
      {(list) => (
        <>
          <ol className="space-y-2" aria-label="Audit log">
            {list.map((entry) => (
              <li key={entry.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                <p>
                  <span className="font-semibold">{entry.actorName}</span> · <code>{entry.action}</code> · {formatShortDate(entry.createdTimestamp)},{' '}
                  {formatTime(entry.createdTimestamp)}
                </p>
                <details className="mt-1">
                  <summary className="cursor-pointer text-brand-700">Before and after</summary>
                  <div className="mt-2 grid gap-2 sm:grid-cols-2">
                    <pre className="overflow-x-auto rounded bg-slate-50 p-2 text-xs" aria-label="Before">{json(entry.before)}</pre>
                    <pre className="overflow-x-auto rounded bg-slate-50 p-2 text-xs" aria-label="After">{json(entry.after)}</pre>
                  </div>
                </details>
              </li>
            ))}
          </ol>
          <LoadMore list={audit} label="Load more changes" className="mt-3" />
        </>
      )}
    </QueryState>
  );
}
