import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/page';
import type { ReactNode } from 'react';

/** The centred white card of the signed-out account pages (forgot password, new password, verification). */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold text-slate-900">{title}</h1>
        {intro && <p className="mt-2 text-center text-sm text-slate-600">{intro}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/** A success line in the account pages and settings. */
export function SuccessMessage({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
      {children}
    </p>
  );
}

/** The end of a settings form: the failure, if any, then save and cancel. */
export function FormActions({
  busy,
  label,
  busyLabel,
  error,
  disabled = false,
  danger = false,
  onCancel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  error: Error | null;
  /** Kept from submitting while the form is not filled in. */
  disabled?: boolean;
  danger?: boolean;
  onCancel?: () => void;
}) {
  return (
    <>
      {error && <ErrorMessage>{error.message}</ErrorMessage>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy || disabled}>
          {busy ? busyLabel : label}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </>
  );
}
