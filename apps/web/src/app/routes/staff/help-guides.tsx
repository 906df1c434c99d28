import { useState } from 'react';
import type { HelpGuide } from '@portal/contracts/help';
import { Button } from '@/components/ui/button';
import { ErrorMessage, Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useHelpGuides } from '@/features/help/api/help';
import { GuideChips } from '@/features/help/components/guide-chips';
import { useGuideChanges } from '@/features/help/api/help-editor';
import { EditorDialog, errorText, RowActions } from '@/components/editor';
import { GuideForm } from '@/features/help/components/guide-form';
import { formatShortDate } from '@/lib/format';

/** /staff/help-guides: every guide in customers' order (category, then title); create, edit and delete them. */
export function Component() {
  const guides = useHelpGuides();
  const { remove } = useGuideChanges();
  const [editing, setEditing] = useState<HelpGuide | 'new' | null>(null);
  return (
    <Page title="Help guides" actions={<Button onClick={() => setEditing('new')}>New guide</Button>}>
      <p className="mb-4 text-sm text-slate-700">Customers see the guides by category, then title: change a guide&apos;s category or title to move it.</p>
      {remove.error && <ErrorMessage>{errorText(remove.error, 'Could not delete the guide. Please try again.')}</ErrorMessage>}
      <QueryState query={guides} pending="Loading help guides..." error="Could not load the help guides." empty="No help guides yet.">
        {(list) => (
          <ol aria-label="Help guides" className="space-y-3">
            {list.map((guide) => (
              <li key={guide.id} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start">
                <div className="min-w-0 flex-1 space-y-2">
                  <p className="break-words font-semibold text-slate-900">{guide.title}</p>
                  <GuideChips guide={guide} />
                  {guide.description && <p className="line-clamp-3 whitespace-pre-line break-words text-sm text-slate-700">{guide.description}</p>}
                  <p className="text-xs text-slate-600">
                    {guide.navigation && <span className="break-words">{guide.navigation} · </span>}
                    Last updated {formatShortDate(guide.lastUpdated)}
                  </p>
                </div>
                <RowActions name={guide.title} confirm={`Delete the guide "${guide.title}"?`} busy={remove.isPending} onEdit={() => setEditing(guide)} onDelete={() => remove.mutate(guide.id)} />
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      <EditorDialog editing={editing} noun="guide" onClose={() => setEditing(null)}>
        {(guide) => <GuideForm guide={guide} onDone={() => setEditing(null)} />}
      </EditorDialog>
    </Page>
  );
}
