import { useState } from 'react';
import { routes } from '@portal/contracts/routes';
import type { SavedReply } from '@portal/contracts/team-inbox';
import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { ErrorMessage, Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useSavedReplies, useSavedReplyChanges } from '@/features/support/api/team-inbox';
import { EditorDialog, errorText, RowActions, type Editing } from '@/components/editor';
import { SearchBox } from '@/features/staff/components/list-controls';
import { SavedReplyForm } from '@/features/support/components/saved-reply-form';
import { useMayCall } from '@/lib/current-user';

/** /staff/saved-replies: the team's saved replies (inserted in a chat by typing /); create, edit, delete, search. */
export function Component() {
  const [q, setQ] = useState('');
  const replies = useSavedReplies(q.trim() || undefined);
  const { remove } = useSavedReplyChanges();
  const [editing, setEditing] = useState<Editing<SavedReply>>(null);
  // Agents use the team's replies; writing them is an admin's (the routes' permission).
  const mayEdit = useMayCall(routes.support.createSavedReply);
  return (
    <Page title="Saved replies" actions={mayEdit && <Button onClick={() => setEditing('new')}>New saved reply</Button>}>
      <div className="space-y-4">
      <p className="text-slate-700">In a chat, type / in the message box to insert one of these.</p>
      <SearchBox label="Search saved replies" placeholder="Search by title or text" value={q} onChange={setQ} />
      {remove.error && <ErrorMessage>{errorText(remove.error)}</ErrorMessage>}
      <QueryState query={replies} pending="Loading saved replies..." error="Could not load the saved replies." empty={q.trim() ? 'No saved reply matches.' : 'No saved replies yet.'}>
        {(list) => (
          <>
            <ul aria-label="Saved replies" className="space-y-3">
              {list.map((reply) => (
                <li key={reply.id} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start">
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-semibold text-slate-900">{reply.title}</p>
                    <p className="mt-1 line-clamp-4 whitespace-pre-line break-words text-sm text-slate-700">{reply.body}</p>
                  </div>
                  {mayEdit && <RowActions name={reply.title} confirm={`Delete the saved reply "${reply.title}"?`} busy={remove.isPending} onEdit={() => setEditing(reply)} onDelete={() => remove.mutate(reply.id)} />}
                </li>
              ))}
            </ul>
            <LoadMore list={replies} label="Load more saved replies" />
          </>
        )}
      </QueryState>
      </div>
      <EditorDialog editing={editing} noun="saved reply" onClose={() => setEditing(null)}>
        {(reply) => <SavedReplyForm reply={reply} onDone={() => setEditing(null)} />}
      </EditorDialog>
    </Page>
  );
}
