import { useRef, useState, type ReactNode } from 'react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button, buttonClass } from '@/components/ui/button';
import { Dialog, DialogTitle } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/page';
import { ApiError } from '@/lib/api-client';

/** Parts the staff content editors (FAQs, help guides) share: the form's dialog, row buttons and save errors. */

export const errorText = (error: unknown, fallback = 'Could not save. Please try again.') =>
  error instanceof ApiError ? error.message : fallback;

/** The editing dialog: "New …" or "Edit …", with the form inside. */
export function EditorDialog({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open={open} onClose={onClose} className="max-h-[90vh] max-w-xl overflow-y-auto" aria-describedby={undefined}>
      <DialogTitle className="mb-4 text-xl font-bold text-slate-900">{title}</DialogTitle>
      {open && children}
    </Dialog>
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
  const move = (direction: 'up' | 'down') => {
    const [pressed, other] = direction === 'up' ? [up, down] : [down, up];
    void onMove(direction)
      .then(() => requestAnimationFrame(() => (pressed.current?.disabled ? other.current : pressed.current)?.focus()))
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

/** Edit and Delete of one row; Delete asks first. */
export function RowActions({ name, what, busy, onEdit, onDelete }: { name: string; what: string; busy: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="flex gap-2">
      <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      <Button variant="danger" aria-label={`Delete ${name}`} disabled={busy} onClick={() => window.confirm(`Delete the ${what} "${name}"?`) && onDelete()}>
        Delete
      </Button>
    </div>
  );
}

/**
 * A form's save: runs it, closes on success, or keeps the form open with the server's message. Returns the
 * message (or null) and the function to call with the save.
 */
export function useSave(onDone: () => void, fallback: string) {
  const [error, setError] = useState<string | null>(null);
  const run = async (save: () => Promise<unknown>) => {
    setError(null);
    try {
      await save();
      onDone();
    } catch (e) {
      setError(errorText(e, fallback));
    }
  };
  return { error, run };
}

/** The end of an editor form: the save's error, Cancel, and the submit button. */
export function FormFooter({ error, submitting, submitLabel, onCancel }: { error: string | null; submitting: boolean; submitLabel: string; onCancel: () => void }) {
  return (
    <>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={submitting}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
