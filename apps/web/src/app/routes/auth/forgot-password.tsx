import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@portal/contracts/account';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/page';
import { TextField } from '@/components/ui/text-field';
import { useRequestPasswordReset } from '@/features/account-security/api/security';
import { AuthCard, SuccessMessage } from '@/features/account-security/components/auth-card';
import { paths } from '@/lib/paths';

/** "Forgot password?": the same answer whether or not the address has an account. */
export function Component() {
  const request = useRequestPasswordReset();
  const { register, handleSubmit, formState, getValues } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const send = handleSubmit((values) => request.mutateAsync({ email: values.email.trim().toLowerCase() }));

  return (
    <AuthCard title="Reset your password" intro="Enter the email address of your account and we will email you a link to choose a new password.">
      {request.isSuccess ? (
        <div className="space-y-4">
          <SuccessMessage>
            If an account exists for {getValues('email')}, we have sent it a link to reset the password. The link works
            once, for 1 hour.
          </SuccessMessage>
          <p className="text-sm text-slate-700">No email after a few minutes? Check your spam folder, or send the link again.</p>
          <Button variant="secondary" className="w-full" onClick={() => request.reset()}>
            Send again
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void send(e).catch(() => undefined)} className="space-y-4">
          <TextField
            id="forgot-email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={formState.errors.email?.message}
            registration={register('email')}
          />
          {request.isError && <ErrorMessage>{request.error.message}</ErrorMessage>}
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending ? 'Please wait...' : 'Email me a link'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.login()} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Back to Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
