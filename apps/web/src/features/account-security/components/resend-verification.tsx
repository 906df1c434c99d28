import { Button } from '@/components/ui/button';
import { useResendVerification } from '../api/security';

/** "Resend": sends the verification link to the account's address again, and says so. */
export function ResendVerification({ email, variant = 'secondary' }: { email: string; variant?: 'primary' | 'secondary' }) {
  const resend = useResendVerification();
  if (resend.isSuccess) return <span role="status" className="text-sm font-medium">We sent a new link to {email}.</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button variant={variant} disabled={resend.isPending} onClick={() => resend.mutate(email)}>
        {resend.isPending ? 'Sending...' : 'Resend'}
      </Button>
      {resend.isError && (
        <span role="alert" className="text-sm font-medium text-red-800">
          {resend.error.message}
        </span>
      )}
    </span>
  );
}
