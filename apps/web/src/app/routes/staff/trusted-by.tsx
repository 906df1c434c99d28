import { useState } from 'react';
import type { TrustedBusiness } from '@portal/contracts/showcase';
import { Button } from '@/components/ui/button';
import { ErrorMessage, Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useTrustedBy } from '@/features/content/api/showcase';
import { useTrustedByChanges } from '@/features/content/api/showcase-editor';
import { EditorDialog, errorText, MoveButtons, RowActions } from '@/components/editor';
import { TrustedBusinessForm } from '@/features/content/components/showcase-editor/showcase-forms';

/** /staff/trusted-by: the businesses the landing page's "Trusted by 1,000+ locations" strip names, in its order. */
export function Component() {
  const businesses = useTrustedBy();
  const { move, remove } = useTrustedByChanges();
  const [editing, setEditing] = useState<TrustedBusiness | 'new' | null>(null);
  const failed = move.error ?? remove.error;
  return (
    <Page title="Trusted by" actions={<Button onClick={() => setEditing('new')}>Add name</Button>}>
      {failed && <ErrorMessage>{errorText(failed)}</ErrorMessage>}
      <QueryState query={businesses} pending="Loading the names..." error="Could not load the names." empty="No names yet: the landing page shows no strip.">
        {(list) => (
          <ol aria-label="Trusted by" className="space-y-3">
            {list.map((business, index) => (
              <li key={business.id} className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <MoveButtons
                  name={business.name}
                  first={index === 0}
                  last={index === list.length - 1}
                  busy={move.isPending}
                  onMove={(direction) => move.mutateAsync({ businessId: business.id, direction })}
                />
                <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center">
                  <p className="min-w-0 flex-1 break-words font-semibold text-slate-900">{business.name}</p>
                  <RowActions name={business.name} confirm={`Take "${business.name}" out of the strip?`} busy={remove.isPending} onEdit={() => setEditing(business)} onDelete={() => remove.mutate(business.id)} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      <EditorDialog editing={editing} noun="name" onClose={() => setEditing(null)}>
        {(business) => <TrustedBusinessForm business={business} onDone={() => setEditing(null)} />}
      </EditorDialog>
    </Page>
  );
}
