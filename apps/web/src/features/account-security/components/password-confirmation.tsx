import { useState, type FormEvent } from 'react';
import { FormActions } from './auth-card';

/** Asks for the password (when the account has one) before a change of the second factor. */
export function PasswordConfirmation({
  hasPassword,
  label,
  busyLabel = 'Saving...',
  busy,
  error,
  danger,
  onConfirm,
  onCancel,
}: {
  hasPassword: boolean;
  label: string;
  busyLabel?: string;
  busy: boolean;
  error: Error | null;
  danger?: boolean;
  onConfirm: (password: string | undefined) => void;
  onCancel?: () => void;
}) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(hasPassword ? password : undefined);
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      {hasPassword && (
        <div>
          <label htmlFor="two-factor-confirm-password" className="mb-1 block text-sm font-medium text-slate-800">
            Current Password
          </label>
          <input
            id="two-factor-confirm-password"
            type="password"
            autoComplete="current-password"
            className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base shadow-sm focus:border-brand-600"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
      )}
      <FormActions
        busy={busy}
        label={label}
        busyLabel={busyLabel}
        error={error}
        disabled={hasPassword && password === ''}
        danger={danger}
        onCancel={onCancel}
      />
    </form>
  );
}
