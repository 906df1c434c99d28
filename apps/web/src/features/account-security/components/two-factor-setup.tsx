import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/page';
import { useConfirmTwoFactor, useStartTwoFactor } from '../api/two-factor';
import { PasswordConfirmation } from './password-confirmation';
import { QrCode } from './qr-code';
import { RecoveryCodes } from './recovery-codes';

const inputClass = 'block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base shadow-sm focus:border-brand-600';

/** The key an authenticator app reads from the QR code, in groups of four for typing it in by hand. */
const keyOf = (uri: string) => (new URL(uri).searchParams.get('secret') ?? '').replace(/(.{4})/g, '$1 ').trim();

/**
 * Setting up the second factor: the password (when the account has one), then the QR code and its key for the
 * authenticator app, a code from the app to confirm, and the recovery codes, shown once.
 */
export function TwoFactorSetup({ hasPassword, onDone, onCancel }: { hasPassword: boolean; onDone: () => void; onCancel?: () => void }) {
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const started = start.data;

  const verify = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code, { onSuccess: () => setConfirmed(true) });
  };

  if (started && confirmed) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
          Two-factor authentication is on.
        </p>
        <RecoveryCodes codes={started.backupCodes} />
        <Button onClick={onDone}>Continue</Button>
      </div>
    );
  }

  if (started) {
    return (
      <form noValidate onSubmit={verify} className="space-y-4">
        <p className="text-sm text-slate-700">Scan this QR code with your authenticator app (for example Google Authenticator, 1Password or Authy).</p>
        <QrCode value={started.totpURI} label="QR code for your authenticator app" />
        <div>
          <p className="text-sm text-slate-700">Can&apos;t scan it? Enter this key in the app instead:</p>
          <p data-testid="two-factor-key" className="mt-1 break-words font-mono text-sm font-semibold text-slate-900">
            {keyOf(started.totpURI)}
          </p>
        </div>
        <div>
          <label htmlFor="two-factor-setup-code" className="mb-1 block text-sm font-medium text-slate-800">
            6-digit code from the app
          </label>
          <input
            id="two-factor-setup-code"
            className={inputClass}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
        {confirm.error && <ErrorMessage>{confirm.error.message}</ErrorMessage>}
        <Button type="submit" disabled={confirm.isPending || code.trim() === ''}>
          {confirm.isPending ? 'Checking...' : 'Turn On'}
        </Button>
      </form>
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        You will need an authenticator app on your phone. Each sign-in then asks for the 6-digit code it shows.
      </p>
      <PasswordConfirmation
        hasPassword={hasPassword}
        label="Set Up"
        busyLabel="Starting..."
        busy={start.isPending}
        error={start.error}
        onConfirm={(password) => start.mutate(password)}
        onCancel={onCancel}
      />
    </div>
  );
}
