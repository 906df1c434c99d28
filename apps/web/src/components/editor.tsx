import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button, buttonClass } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-dialog';
import { Dialog, DialogTitle } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/page';
import { ApiError } from '@/lib/api-client';

/**
 * The pieces every staff editor (plans, promo codes, step templates, FAQs, help guides, banners, questions) shares:
 * its dialog, its form's save, its row's buttons.
 */

/** What an editor has open: nothing, a new item, or one to edit. */
export type Editing<T> = T | 'new' | null;

/** The server's message for a refused write, else `fallback`. */
export const errorText = (error: unknown, fallback = 'Could not save. Please try again.') =>
  error instanceof ApiError ? error.message : fallback;

/**
 * The dialog of an editor's form: open while `editing` is an item ("Edit plan") or 'new' ("New plan"); the form gets
 * the item, or undefined for a new one.
 */
export function EditorDialog<T>({
  editing,
  noun,
  onClose,
  children,
}: {
  editing: Editing<T>;
  noun: string;
  onClose: () => void;
  children: (item: T | undefined) => ReactNode;
}) {
  return (
    <Dialog open={editing !== null} onClose={onClose} className="max-h-[90vh] max-w-xl overflow-y-auto" aria-describedby={undefined}>
      <DialogTitle className="mb-4 text-xl font-bold text-slate-900">{editing === 'new' ? `New ${noun}` : `Edit ${noun}`}</DialogTitle>
      {editing !== null && children(editing === 'new' ? undefined : editing)}
    </Dialog>
  );
}

/**
 * A form's save: runs it, then closes the form; a refusal shows the server's message (else `fallback`) under the
 * form, with Cancel and the submit button.
 */
export function useEditorSave(fallback: string, onDone: () => void) {
  const [error, setError] = useState<string | null>(null);
  const save = async (write: () => Promise<unknown>) => {
    setError(null);
    try {
      await write();
      onDone();
    } catch (e) {
      setError(errorText(e, fallback));
    }
  };
  const actions = (submitLabel: string, submitting: boolean) => (
    <>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={submitting}>{submitLabel}</Button>
      </div>
    </>
  );
  const clearError = useCallback(() => setError(null), []);
  return { save, actions, clearError };
}

/**
 * An editor's form: checked in the browser by the same contract schema the server uses, with the save, its error and
 * its Cancel and submit buttons of `useEditorSave`.
 */
export function useEditorForm<T extends FieldValues>(schema: z.ZodType<T, T>, defaultValues: DefaultValues<T>, fallback: string, onDone: () => void) {
  const editor = useEditorSave(fallback, onDone);
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues });
  // A refusal speaks of what was sent: once a field changes ("The code ... already exists" and a new code typed),
  // it no longer applies.
  const { clearError } = editor;
  useEffect(() => {
    const subscription = form.watch(() => clearError());
    return () => subscription.unsubscribe();
  }, [form, clearError]);
  return { ...form, editor, errors: form.formState.errors };
}

/**
 * Edit, and Delete after a confirmation dialog (left out when `onDelete` is absent); `children` are further
 * actions of the row, after these.
 */
export function RowActions({ name, confirm, busy, onEdit, onDelete, children }: { name: string; confirm: string; busy: boolean; onEdit: () => void; onDelete?: (() => void) | undefined; children?: ReactNode }) {
  return (
    <div className="flex gap-2">
      <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      {onDelete && (
        <ConfirmButton label={`Delete ${name}`} question={confirm} confirmLabel="Delete" disabled={busy} onConfirm={onDelete}>
          Delete
        </ConfirmButton>
      )}
      {children}
    </div>
  );
}

/**
 * Move up and Move down, named after the row, disabled at either end and while a move is sent. Focus stays on the
 * pressed button as the row moves (or goes to the other one when the row reaches an end), so a keyboard user can
 * press again.
 */
export function MoveButtons({ name, first, last, busy, onMove }: { name: string; first: boolean; last: boolean; busy: boolean; onMove: (direction: 'up' | 'down') => Promise<unknown> }) {
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  // The direction of a move that has settled, until focus is back on its button.
  const [settled, setSettled] = useState<'up' | 'down' | null>(null);
  // Not in the promise's callback: the row may have been re-inserted (which drops focus) and the buttons stay disabled
  // until the mutation's state reaches React, so focus can only go back once a render shows them enabled.
  useEffect(() => {
    if (busy || !settled) return;
    const [pressed, other] = settled === 'up' ? [up, down] : [down, up];
    setSettled(null);
    (pressed.current?.disabled ? other.current : pressed.current)?.focus();
  }, [busy, settled]);
  const move = (direction: 'up' | 'down') => {
    void onMove(direction)
      .then(() => setSettled(direction))
      .catch(() => undefined);
  };
  return (
    <div className="flex flex-col gap-1">
      <button type="button" ref={up} className={buttonClass('ghost', 'px-2 py-1')} aria-label={`Move ${name} up`} disabled={first || busy} onClick={() => move('up')}>
        <ArrowUp className="h-4 w-4" aria-hidden="true" />
      </button>
      <button type="button" ref={down} className={buttonClass('ghost', 'px-2 py-1')} aria-label={`Move ${name} down`} disabled={last || busy} onClick={() => move('down')}>
        <ArrowDown className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
