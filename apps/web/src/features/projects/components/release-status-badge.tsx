const STYLES: Record<string, string> = {
  PUBLISHED: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  PENDING: 'bg-amber-100 text-amber-900 ring-amber-600/20',
  UNPUBLISHED: 'bg-slate-200 text-slate-800 ring-slate-500/20',
};
const UNKNOWN = 'bg-slate-100 text-slate-700 ring-slate-400/30';

/** PUBLISHED, PENDING or UNPUBLISHED; any other stored value shows as UNKNOWN (spec §2). */
export function ReleaseStatusBadge({ status }: { status: string }) {
  const known = status in STYLES;
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-1 text-xs font-bold tracking-wide ring-1 ring-inset ${STYLES[status] ?? UNKNOWN}`}>
      {known ? status : 'UNKNOWN'}
    </span>
  );
}
