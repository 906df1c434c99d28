import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogTitle } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/page';
import { ApiError } from '@/lib/api-client';

/** The pieces every staff editor (plans, promo codes, step templates) shares: its dialog, and its form's save. */

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
  editing: T | 'new' | null;
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
      setError(e instanceof ApiError ? e.message : fallback);
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
  return { save, actions };
}

/** A danger button that asks first (Delete, Retire): `question` in the browser's confirm, then `onConfirm`. */
export function ConfirmButton({ label, question, onConfirm, disabled, children }: { label: string; question: string; onConfirm: () => void; disabled: boolean; children: ReactNode }) {
  return (
    <Button variant="danger" aria-label={label} disabled={disabled} onClick={() => window.confirm(question) && onConfirm()}>
      {children}
    </Button>
  );
}
