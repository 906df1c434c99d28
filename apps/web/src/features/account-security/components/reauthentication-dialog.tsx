import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { reauthenticateSchema, type ReauthenticateInput } from '@portal/contracts/account';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { useAccountSecurity, useReauthenticate } from '../api/security';
import { FormActions } from './auth-card';

/**
 * Asks for the password again before a sensitive change (the sign-in is older than a few minutes); the change is
 * sent again once it is confirmed. An account without a password signs in with Google again instead.
 */
export function ReauthenticationDialog({ onConfirmed, onCancel, onGoogle }: { onConfirmed: () => void; onCancel: () => void; onGoogle: () => void }) {
  const security = useAccountSecurity();
  const confirm = useReauthenticate();
  const { register, handleSubmit, formState } = useForm<ReauthenticateInput>({ resolver: zodResolver(reauthenticateSchema), defaultValues: { password: '' } });
  const submit = handleSubmit(async (input) => {
    await confirm.mutateAsync(input);
    onConfirmed();
  });
  const withGoogle = security.data && !security.data.hasPassword;

  return (
    <Dialog open onClose={onCancel} className="max-w-md">
      <DialogTitle className="text-xl font-bold text-slate-900">Confirm it&apos;s you</DialogTitle>
      <DialogDescription className="mt-2 text-slate-700">
        {withGoogle ? 'For your security, sign in with Google again to continue.' : 'For your security, enter your password to continue.'}
      </DialogDescription>
      {withGoogle ? (
        <div className="mt-5 flex flex-wrap gap-3">
          <Button onClick={onGoogle}>Continue with Google</Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e).catch(() => undefined)} className="mt-5 space-y-4">
          <TextField
            id="reauthenticate-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            autoFocus
            required
            error={formState.errors.password?.message}
            registration={register('password')}
          />
          <FormActions busy={confirm.isPending} label="Confirm" busyLabel="Confirming..." error={confirm.error} onCancel={onCancel} />
        </form>
      )}
    </Dialog>
  );
}
