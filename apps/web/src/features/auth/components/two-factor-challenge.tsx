import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { verifySignInCode } from '../api/sign-in';

/**
 * The second step of signing in to an account with two-factor authentication: the 6-digit code of the
 * authenticator app, or one of the recovery codes; optionally this browser is trusted for 30 days.
 */
export function TwoFactorChallenge({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [kind, setKind] = useState<'app' | 'recovery'>('app');
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await verifySignInCode(kind, code, trustDevice);
      await onSignedIn();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  };

  const app = kind === 'app';
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <p className="text-sm text-slate-700">
        {app ? 'Enter the 6-digit code from your authenticator app.' : 'Enter one of your recovery codes. Each code works once.'}
      </p>
      <div>
        <label htmlFor="two-factor-code" className="mb-1 block text-sm font-medium text-slate-800">
          {app ? 'Authentication Code' : 'Recovery Code'}
        </label>
        <input
          id="two-factor-code"
          key={kind}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base shadow-sm focus:border-brand-600"
          inputMode={app ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={trustDevice} onChange={(event) => setTrustDevice(event.target.checked)} className="h-4 w-4" />
        Trust this device for 30 days
      </label>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={busy || code.trim() === ''}
        className="w-full rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:bg-brand-700/50"
      >
        {busy ? 'Verifying...' : 'Verify'}
      </button>
      <button
        type="button"
        className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        onClick={() => {
          setKind(app ? 'recovery' : 'app');
          setCode('');
          setError(null);
        }}
      >
        {app ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
      </button>
    </form>
  );
}
