import { useMemo, useState } from 'react';
import { Search, X } from 'lucide-react';
import type { HelpGuide } from '@portal/contracts/help';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useHelpGuides } from '@/features/help/api/help';
import { GuideCard } from '@/features/help/components/guide-card';
import { GuideDialog } from '@/features/help/components/guide-dialog';
import { resultCount, searchGuides } from '@/features/help/components/guide-search';

/** Help guides (spec §2, §9): search with highlighted matches, and a detail dialog per guide. */
export function Component() {
  const guides = useHelpGuides();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<HelpGuide | null>(null);
  const searching = query.trim() !== '';
  const results = useMemo(() => searchGuides(guides.data ?? [], query), [guides.data, query]);

  return (
    <Page title="Help & Support Guides">
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search help guides, settings..."
          aria-label="Search help guides"
          className="w-full rounded-xl border border-slate-300 bg-white py-3 pl-10 pr-12 text-base text-slate-900 shadow-sm [&::-webkit-search-cancel-button]:hidden"
        />
        {query && (
          <button
            type="button"
            onClick={() => setQuery('')}
            aria-label="Clear search"
            className="absolute right-2 top-1/2 -translate-y-1/2 rounded-md p-1.5 text-slate-600 hover:bg-slate-100"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        )}
      </div>
      <p role="status" className="mt-3 min-h-6 text-sm font-medium text-slate-700">
        {searching && guides.data ? resultCount(results.length) : ''}
      </p>

      <div className="mt-4">
        <QueryState
          query={guides}
          pending="Loading help guides..."
          error="Failed to load help guides. Please try again later."
          isEmpty={() => results.length === 0}
          empty={
            <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
              <p className="text-lg font-semibold text-slate-900">No results found</p>
              <p className="mt-2 text-slate-600">
                Try searching with different keywords or clearing the search.
              </p>
            </div>
          }
        >
          {() => (
            <ul className="grid gap-4 md:grid-cols-2">
              {results.map((guide) => (
                <GuideCard key={guide.id} guide={guide} query={query} onOpen={setOpen} />
              ))}
            </ul>
          )}
        </QueryState>
      </div>
      <GuideDialog guide={open} onClose={() => setOpen(null)} />
    </Page>
  );
}
