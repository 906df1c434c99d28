import { useState } from 'react';
import type { PortfolioEntry } from '@portal/contracts/showcase';
import { Button } from '@/components/ui/button';
import { ErrorMessage, Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { usePortfolio } from '@/features/content/api/showcase';
import { usePortfolioChanges } from '@/features/content/api/showcase-editor';
import { EditorDialog, errorText, MoveButtons, RowActions } from '@/components/editor';
import { PortfolioEntryForm } from '@/features/content/components/showcase-editor/showcase-forms';

/** /staff/portfolio: the public portfolio's entries in their order; create, edit, reorder and delete them. */
export function Component() {
  const entries = usePortfolio();
  const { move, remove } = usePortfolioChanges();
  const [editing, setEditing] = useState<PortfolioEntry | 'new' | null>(null);
  const failed = move.error ?? remove.error;
  return (
    <Page title="Portfolio" actions={<Button onClick={() => setEditing('new')}>New entry</Button>}>
      {failed && <ErrorMessage>{errorText(failed)}</ErrorMessage>}
      <QueryState query={entries} pending="Loading the portfolio..." error="Could not load the portfolio." empty="No portfolio entries yet: the public page shows none.">
        {(list) => (
          <ol aria-label="Portfolio entries" className="space-y-3">
            {list.map((entry, index) => (
              <li key={entry.id} className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <MoveButtons
                  name={entry.name}
                  first={index === 0}
                  last={index === list.length - 1}
                  busy={move.isPending}
                  onMove={(direction) => move.mutateAsync({ entryId: entry.id, direction })}
                />
                <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start">
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-semibold text-slate-900">{entry.name}</p>
                    {entry.kind && <p className="text-sm text-slate-600">{entry.kind}</p>}
                    <p className="mt-1 line-clamp-3 whitespace-pre-line break-words text-sm text-slate-700">{entry.description}</p>
                  </div>
                  <RowActions name={entry.name} confirm={`Delete the portfolio entry "${entry.name}"?`} busy={remove.isPending} onEdit={() => setEditing(entry)} onDelete={() => remove.mutate(entry.id)} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      <EditorDialog editing={editing} noun="portfolio entry" onClose={() => setEditing(null)}>
        {(entry) => <PortfolioEntryForm entry={entry} onDone={() => setEditing(null)} />}
      </EditorDialog>
    </Page>
  );
}
