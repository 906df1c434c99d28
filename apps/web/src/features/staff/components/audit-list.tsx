import { useState } from 'react';
import { QueryState } from '@/components/ui/query-state';
import { formatShortDate, formatTime } from '@/lib/format';
import { useCustomerAudit } from '../api/customers';
import { Pager } from './pager';

const json = (value: unknown) => (value === null ? '—' : JSON.stringify(value, null, 2));

/** Staff writes concerning a customer, newest first, each with who, what, when and the record before and after. */
export function AuditList({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const audit = useCustomerAudit(userId, page);
  return (
    <QueryState query={audit} pending="Loading the audit log..." error="Could not load the audit log." empty="No staff changes yet." isEmpty={(data) => data.entries.length === 0}>
      {(data) => (
        <>
          <ol className="space-y-2" aria-label="Audit log">
            {data.entries.map((entry) => (
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
          <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} label="Audit log" />
        </>
      )}
    </QueryState>
  );
}
