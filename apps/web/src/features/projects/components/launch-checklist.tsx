import { Link } from 'react-router';
import { CheckCircle2, Circle } from 'lucide-react';
import type { LaunchChecklist } from '@portal/contracts/launch-checklist';
import { QueryState, type QueryLike } from '@/components/ui/query-state';

/** Each item done or not, in words, with a link to where it is seen to. */
export function LaunchChecklistItems({ checklist }: { checklist: LaunchChecklist }) {
  return (
    <>
      <p className={`mb-3 text-sm font-semibold ${checklist.ready ? 'text-emerald-800' : 'text-slate-700'}`}>
        {checklist.ready ? 'Everything is ready for the store submission.' : 'Before the app goes to the stores:'}
      </p>
      <ul className="divide-y divide-slate-100" aria-label="Launch checklist">
        {checklist.items.map((item) => (
          <li key={item.key} className="flex items-start gap-3 py-2.5">
            {item.done ? (
              <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden="true" />
            ) : (
              <Circle className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">
                {item.label} <span className="sr-only">{item.done ? '(done)' : '(not done)'}</span>
              </p>
              <p className="text-sm text-slate-600">{item.detail}</p>
            </div>
            <Link to={item.link} className="shrink-0 text-sm font-semibold text-brand-700 underline">
              {item.done ? 'View' : 'Fix'}
              <span className="sr-only">: {item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The checklist as read, for the customer's card and the staff section alike. */
export function LaunchChecklistState({ query }: { query: QueryLike<LaunchChecklist> }) {
  return (
    <QueryState query={query} pending="Loading the checklist..." error="Could not load the launch checklist.">
      {(data) => <LaunchChecklistItems checklist={data} />}
    </QueryState>
  );
}
