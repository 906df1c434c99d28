import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { acceptInvitationFormSchema, INVITATION_ERRORS, type AcceptInvitationForm } from '@portal/contracts/staff';
import { Button, buttonClass } from '@/components/ui/button';
import { ErrorMessage, StatusMessage } from '@/components/ui/page';
import { TextField } from '@/components/ui/text-field';
import { AuthCard } from '@/features/account-security/components/auth-card';
import { signInWithPassword } from '@/features/auth/api/sign-in';
import { acceptInvitation, useInvitation } from '@/features/staff/api/team';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { sessionQueryKey } from '@/lib/session';

const message = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');

function LinkGone({ error }: { error: unknown }) {
  return (
    <div className="space-y-4">
      <ErrorMessage>{error === null ? INVITATION_ERRORS.INVITATION_INVALID : message(error)}</ErrorMessage>
      <Link to={paths.login()} className={buttonClass('secondary', 'w-full')}>Go to Sign In</Link>
    </div>
  );
}

/** The page an invitation link opens: choose a name and password, then sign in as staff. */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const invitation = useInvitation(token);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<AcceptInvitationForm>({
    resolver: zodResolver(acceptInvitationFormSchema),
    defaultValues: { name: '', password: '' },
  });
  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      const { email } = await acceptInvitation({ token: token!, ...values });
      await signInWithPassword({ email, password: values.password });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      await navigate(paths.staffInbox());
    } catch (e) {
      setError(message(e));
    }
  });

  return (
    <AuthCard title="Join the staff" intro={invitation.data ? `For ${invitation.data.email}. Choose your name and a password of at least 12 characters.` : undefined}>
      {!token ? (
        <LinkGone error={null} />
      ) : invitation.isPending ? (
        <StatusMessage>Checking your invitation...</StatusMessage>
      ) : invitation.isError ? (
        <LinkGone error={invitation.error} />
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
          <TextField id="invitation-name" label="Full Name" autoComplete="name" required error={formState.errors.name?.message} registration={register('name')} />
          <TextField id="invitation-password" label="Password" type="password" autoComplete="new-password" required error={formState.errors.password?.message} registration={register('password')} />
          {error && <ErrorMessage>{error}</ErrorMessage>}
          <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Joining...' : 'Join and sign in'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
