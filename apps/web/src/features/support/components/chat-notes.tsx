import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { createNoteSchema, NOTE_TEXT_MAX } from '@portal/contracts/team-inbox';
import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { ErrorMessage } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { formatShortDate, formatTime } from '@/lib/format';
import { useAddNote, useChatNotes } from '../api/team-inbox';
import { errorText } from '@/components/editor';

/**
 * The chat's private notes, newest first, and a box to write one: for the team only, set apart in colour and words
 * from the conversation the customer reads (decision 0060).
 */
export function ChatNotes({ chatId }: { chatId: string }) {
  const notes = useChatNotes(chatId);
  const add = useAddNote(chatId);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, reset, control } = useForm({ resolver: zodResolver(createNoteSchema), defaultValues: { text: '' } });
  const text = useWatch({ control, name: 'text' });
  const submit = handleSubmit(async (body) => {
    setError(null);
    try {
      await add.mutateAsync(body);
      reset();
    } catch (failure) {
      setError(errorText(failure, 'Could not save the note. Please try again.'));
    }
  });
  const fieldId = `note-${chatId}`;
  return (
    <section aria-labelledby={`${fieldId}-title`} className="border-t-4 border-amber-300 bg-amber-50 p-3 sm:p-4">
      <h3 id={`${fieldId}-title`} className="flex items-center gap-2 text-base font-bold text-amber-950">
        <Lock className="h-4 w-4" aria-hidden="true" />
        Private notes
      </h3>
      <p className="text-sm text-amber-900">Only staff see these notes; the customer never does.</p>
      <form onSubmit={(event) => void submit(event)} className="mt-2 space-y-2">
        <label htmlFor={fieldId} className="sr-only">
          Private note
        </label>
        <textarea
          id={fieldId}
          {...register('text')}
          rows={2}
          maxLength={NOTE_TEXT_MAX}
          placeholder="Write a note for the team..."
          className="block w-full rounded-lg border border-amber-300 bg-white px-3 py-2 text-base"
        />
        <div className="flex justify-end">
          <Button type="submit" variant="secondary" disabled={add.isPending || !text.trim()}>
            Add note
          </Button>
        </div>
      </form>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <QueryState query={notes} pending="Loading notes..." error="Could not load the notes.">
        {(list) => (
          <>
            <ol aria-label="Private notes" className="mt-2 space-y-2">
              {list.map((note) => (
                <li key={note.id} className="rounded-lg border border-amber-200 bg-white p-3">
                  <p className="whitespace-pre-line break-words text-sm text-slate-900">{note.text}</p>
                  <p className="mt-1 text-xs text-slate-600">
                    {note.authorName ?? 'A former staff member'} ·{' '}
                    <time dateTime={new Date(note.createdTimestamp).toISOString()}>
                      {formatShortDate(note.createdTimestamp)}, {formatTime(note.createdTimestamp)}
                    </time>
                  </p>
                </li>
              ))}
            </ol>
            <LoadMore list={notes} label="Load older notes" className="mt-2" />
          </>
        )}
      </QueryState>
    </section>
  );
}
