import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { setPasswordSchema, type SetPasswordInput } from '@portal/contracts/account';
import { Button, buttonClass } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/page';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useResetPassword } from '@/features/account-security/api/security';
import { AuthCard, SuccessMessage } from '@/features/account-security/components/auth-card';
import { paths } from '@/lib/paths';
import { sessionQueryKey } from '@/lib/session';

/** Said of a reset link that was used already, has expired, or was never one. */
const LINK_GONE = 'This link has expired or was already used. Reset links work once, for 1 hour.';

function NewLink() {
  return (
    <div className="space-y-4">
      <ErrorMessage>{LINK_GONE}</ErrorMessage>
      <Link to={paths.forgotPassword()} className={buttonClass('primary', 'w-full')}>
        Send me a new link
      </Link>
    </div>
  );
}

/** The page an e-mailed reset link opens: choose a new password (the policy of sign-up). */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const reset = useResetPassword();
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState } = useForm<SetPasswordInput>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { newPassword: '' },
  });
  const save = handleSubmit(async ({ newPassword }) => {
    await reset.mutateAsync({ token: token!, newPassword });
    // Every session of the account has ended, this browser's too.
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  });
  const linkGone = !token || params.has('error') || (reset.error instanceof ApiError && reset.error.code === 'INVALID_TOKEN');

  return (
    <AuthCard title="Choose a new password" intro={reset.isSuccess || linkGone ? undefined : 'At least 12 characters. Every device signed in to your account is signed out.'}>
      {reset.isSuccess ? (
        <div className="space-y-4">
          <SuccessMessage>Your password was changed, and every device was signed out. Sign in with your new password.</SuccessMessage>
          <Link to={paths.login()} className={buttonClass('primary', 'w-full')}>
            Sign In
          </Link>
        </div>
      ) : linkGone ? (
        <NewLink />
      ) : (
        <form noValidate onSubmit={(e) => void save(e).catch(() => undefined)} className="space-y-4">
          <TextField
            id="reset-password"
            label="New Password"
            type="password"
            autoComplete="new-password"
            required
            error={formState.errors.newPassword?.message}
            registration={register('newPassword')}
          />
          {reset.isError && <ErrorMessage>{reset.error.message}</ErrorMessage>}
          <Button type="submit" className="w-full" disabled={reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Save New Password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
