import type { AuditEntry } from '@portal/contracts/staff';
import { QueryState } from '@/components/ui/query-state';
import { formatShortDate, formatTime } from '@/lib/format';
import { LoadMore } from '@/components/ui/load-more';
import { useCustomerAudit } from '../api/customers';
import { changedFields, describeAuditEntry } from '../audit-words';

const json = (value: unknown) => (value === null ? '—' : JSON.stringify(value, null, 2));

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = changedFields(entry.before, entry.after);
  if (!changes.length) return null;
  return (
    <dl className="mt-2 space-y-1 text-slate-700" aria-label="What changed">
      {changes.map((change) => (
        <div key={change.field} className="flex flex-wrap gap-x-2 break-words">
          <dt className="font-medium">{change.label}:</dt>
          <dd className="min-w-0">
            {change.before !== null && change.after !== null ? (
              <>
                <span className="text-slate-500 line-through">{change.before}</span> → {change.after}
              </>
            ) : (
              (change.after ?? change.before)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The audit entries a list has loaded so far, and its "Load more". */
type AuditPages = ReturnType<typeof useCustomerAudit>;

/**
 * Audit entries, newest first: who did what and when in words, the record's JSON one click away; `empty` is what
 * shows when none matches.
 */
export function AuditEntries({ audit, empty }: { audit: AuditPages; empty: string }) {
  return (
    <QueryState query={audit} pending="Loading the audit log..." error="Could not load the audit log." empty={empty}>
      {(list) => (
        <>
          <ol className="space-y-2" aria-label="Audit log">
            {list.map((entry) => (
              <li key={entry.id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 text-sm">
                <p className="break-words">
                  <span className="font-semibold">{describeAuditEntry(entry)}</span>
                </p>
                <p className="text-slate-500">
                  {entry.actorName} · {formatShortDate(entry.createdTimestamp)}, {formatTime(entry.createdTimestamp)}
                </p>
                <Changes entry={entry} />
                <details className="mt-1">
                  <summary className="cursor-pointer text-brand-700">Show details</summary>
                  <p className="mt-2 break-words text-xs text-slate-500">
                    Recorded as <code>{entry.action}</code> on {entry.entityType} <code className="break-all">{entry.entityId}</code>
                  </p>
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

/** Staff writes concerning a customer, newest first. */
export function AuditList({ userId }: { userId: string }) {
  return <AuditEntries audit={useCustomerAudit(userId)} empty="No staff changes yet." />;
}
