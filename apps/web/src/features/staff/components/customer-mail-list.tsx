import type { CustomerMail } from '@portal/contracts/staff';
import { QueryState } from '@/components/ui/query-state';
import { formatShortDate, formatTime } from '@/lib/format';
import { useCustomerMail } from '../api/customers';
import { LoadMore } from '@/components/ui/load-more';

const STATUS: Record<CustomerMail['status'], { label: string; className: string }> = {
  sent: { label: 'Sent', className: 'bg-green-100 text-green-900' },
  pending: { label: 'Waiting to send', className: 'bg-amber-100 text-amber-950' },
  failed: { label: 'Not delivered', className: 'bg-red-100 text-red-900' },
};

const when = (timestamp: number) => `${formatShortDate(timestamp)}, ${formatTime(timestamp)}`;

/**
 * The e-mails the portal queued for a customer, newest first: whether each went out, and when a mail server refused
 * or could not take one, its answer.
 */
export function CustomerMailList({ userId }: { userId: string }) {
  const mail = useCustomerMail(userId);
  return (
    <QueryState query={mail} pending="Loading e-mails..." error="Could not load the e-mails." empty="No e-mails yet.">
      {(list) => (
        <>
          <ol className="space-y-2" aria-label="E-mails">
            {list.map((m) => (
              <li key={m.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{m.subject}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS[m.status].className}`}>{STATUS[m.status].label}</span>
                </p>
                <p className="mt-1 break-all text-slate-600">
                  To {m.to} · {m.sentTimestamp ? `sent ${when(m.sentTimestamp)}` : `queued ${when(m.createdTimestamp)}`}
                  {m.attempts > 1 ? ` · ${m.attempts} attempts` : ''}
                </p>
                {m.lastError && m.status !== 'sent' ? <p className="mt-1 break-all text-red-800">Mail server: {m.lastError}</p> : null}
              </li>
            ))}
          </ol>
          <LoadMore list={mail} label="Load more e-mails" className="mt-3" />
        </>
      )}
    </QueryState>
  );
}
