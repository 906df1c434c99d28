import type { ChatStatus } from '@portal/contracts/support';

/** OPEN or CLOSED (spec §4). */
export function ChatStatusBadge({ status }: { status: ChatStatus }) {
  const style = status === 'OPEN' ? 'bg-emerald-100 text-emerald-800 ring-emerald-600/20' : 'bg-slate-200 text-slate-800 ring-slate-500/20';
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-1 text-xs font-bold tracking-wide ring-1 ring-inset ${style}`}>
      {status}
    </span>
  );
}
