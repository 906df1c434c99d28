import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { changePasswordSchema, setPasswordSchema, type ChangePasswordInput } from '@portal/contracts/account';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useChangePassword, useSetPassword } from '../api/security';
import { FormActions, SuccessMessage } from './auth-card';

/**
 * Changes the password with the current one (other devices are then signed out), or, for an account made with
 * Google that has none, sets a first one.
 */
export function PasswordSettings({ hasPassword }: { hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const change = useChangePassword();
  const set = useSetPassword();
  const mutation = hasPassword ? change : set;
  const { register, handleSubmit, formState, reset } = useForm<ChangePasswordInput>({
    // Setting a first password asks for no current one.
    resolver: zodResolver(hasPassword ? changePasswordSchema : setPasswordSchema.extend({ currentPassword: z.string() })),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const save = handleSubmit(async (values) => {
    if (hasPassword) await change.mutateAsync(values);
    else await set.mutateAsync({ newPassword: values.newPassword });
    setDone(hasPassword ? 'Your password was changed, and your other devices were signed out.' : 'Your password is set. You can now sign in with your email and password too.');
    setOpen(false);
    reset();
  });

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        {hasPassword ? 'Changing your password signs out your other devices.' : 'You sign in with Google. Set a password to sign in with your email too.'}
      </p>
      {done && <SuccessMessage>{done}</SuccessMessage>}
      {open ? (
        <form noValidate onSubmit={(e) => void save(e).catch(() => undefined)} className="space-y-3">
          {hasPassword && (
            <TextField
              id="current-password"
              label="Current Password"
              type="password"
              autoComplete="current-password"
              required
              error={formState.errors.currentPassword?.message}
              registration={register('currentPassword')}
            />
          )}
          <TextField
            id="new-password"
            label="New Password"
            type="password"
            autoComplete="new-password"
            required
            error={formState.errors.newPassword?.message}
            registration={register('newPassword')}
          />
          <FormActions
            busy={mutation.isPending}
            label={hasPassword ? 'Change Password' : 'Set Password'}
            busyLabel="Saving..."
            error={mutation.error}
            onCancel={() => setOpen(false)}
          />
        </form>
      ) : (
        <Button
          variant="secondary"
          onClick={() => {
            setDone(null);
            setOpen(true);
          }}
        >
          {hasPassword ? 'Change Password' : 'Set a Password'}
        </Button>
      )}
    </div>
  );
}
