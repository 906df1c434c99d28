import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailSchema, type ChangeEmailInput } from '@portal/contracts/account';
import type { Me } from '@portal/contracts/auth';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useChangeEmail } from '../api/security';
import { FormActions, SuccessMessage } from './auth-card';
import { ResendVerification } from './resend-verification';

/** The sign-in address: verified or not ("Resend"), and a change confirmed through a link sent to the new one. */
export function EmailSettings({ user, verified }: { user: Me; verified: boolean }) {
  const [open, setOpen] = useState(false);
  const change = useChangeEmail();
  const { register, handleSubmit, formState, reset } = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { newEmail: '' },
  });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = handleSubmit(async ({ newEmail }) => {
    const address = newEmail.trim().toLowerCase();
    await change.mutateAsync({ newEmail: address });
    setSentTo(address);
    setOpen(false);
    reset();
  });

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-slate-900">{verified ? 'Your sign-in email is verified.' : 'Your sign-in email is not verified yet.'}</span>
        {!verified && <ResendVerification email={user.email} />}
      </div>
      {sentTo && (
        <SuccessMessage>
          We sent a link to {sentTo}. Your email changes when you follow it; until then you sign in with {user.email}.
        </SuccessMessage>
      )}
      {open ? (
        <form noValidate onSubmit={(e) => void send(e).catch(() => undefined)} className="space-y-3">
          <TextField
            id="change-email"
            label="New Email"
            type="email"
            autoComplete="email"
            required
            error={formState.errors.newEmail?.message}
            registration={register('newEmail')}
          />
          <FormActions busy={change.isPending} label="Send Confirmation Link" busyLabel="Sending..." error={change.error} onCancel={() => setOpen(false)} />
        </form>
      ) : (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Change Email
        </Button>
      )}
    </div>
  );
}
