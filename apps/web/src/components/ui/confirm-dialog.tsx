import { useState, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { Dialog, DialogClose, DialogDescription, DialogTitle } from './dialog';

/**
 * The portal's one kind of confirmation (never the browser's pop-up): the question as the dialog's title, what
 * follows from it, an optional form part (`children`), and the two answers. `onConfirm` runs on the confirming
 * button (a submit, so Enter confirms); the caller closes the dialog when the action is done.
 */
export function ConfirmDialog({
  open,
  question,
  description,
  confirmLabel,
  busyLabel,
  keepLabel = 'Cancel',
  variant = 'danger',
  busy = false,
  confirmDisabled = false,
  error,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  question: string;
  description?: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  keepLabel?: string;
  variant?: ButtonVariant;
  busy?: boolean;
  confirmDisabled?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="max-h-[90vh] max-w-md overflow-y-auto" {...(description ? {} : { 'aria-describedby': undefined })}>
      <DialogTitle className="text-xl font-bold text-slate-900">{question}</DialogTitle>
      {description && <DialogDescription className="mt-2 text-sm text-slate-600">{description}</DialogDescription>}
      <form
        className="mt-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy && !confirmDisabled) onConfirm();
        }}
      >
        {children}
        {error && (
          <p role="alert" className="mt-3 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="secondary">{keepLabel}</Button>
          </DialogClose>
          <Button type="submit" variant={variant} disabled={busy || confirmDisabled}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A button that asks `question` in a ConfirmDialog before `onConfirm` (Delete, Retire, Remove). */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  disabled,
  variant = 'danger',
  children,
}: {
  label?: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant={variant} aria-label={label} disabled={disabled} onClick={() => setAsking(true)}>
        {children}
      </Button>
      <ConfirmDialog
        open={asking}
        question={question}
        confirmLabel={confirmLabel}
        variant={variant}
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onConfirm();
        }}
      />
    </>
  );
}
