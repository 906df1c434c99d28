/** Previous / next pages of a staff list, with where the reader is. */
export function Pager({ page, pageSize, total, onPage, label }: { page: number; pageSize: number; total: number; onPage: (page: number) => void; label: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="flex items-center justify-between gap-3 py-3 text-sm">
      <button type="button" className="rounded-lg border border-slate-300 bg-white px-3 py-2 font-semibold disabled:text-slate-400" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="text-slate-700">
        Page {page} of {pages}
      </span>
      <button type="button" className="rounded-lg border border-slate-300 bg-white px-3 py-2 font-semibold disabled:text-slate-400" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
