import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useResendVerification } from '../api/security';

/** How long "Resend" waits after a link was sent before it offers another (the server limits them per address too). */
export const RESEND_WAIT_SECONDS = 60;

/**
 * "Resend": sends the verification link to the address again, and says so; another one can be asked for only
 * after RESEND_WAIT_SECONDS. `callbackURL` is the page the link goes on to (a sign-up's plan, say).
 */
export function ResendVerification({
  email,
  callbackURL,
  variant = 'secondary',
}: {
  email: string;
  callbackURL?: string;
  variant?: 'primary' | 'secondary';
}) {
  const resend = useResendVerification();
  // The wait is counted from the link that was sent, read from the same result that says it was sent, so the two
  // are never shown apart ("sent" beside a "Resend" button).
  const [now, setNow] = useState(() => Date.now());
  const sentAt = resend.isSuccess ? resend.submittedAt : 0;
  const waitLeft = sentAt ? Math.min(RESEND_WAIT_SECONDS, Math.max(0, RESEND_WAIT_SECONDS - Math.floor((now - sentAt) / 1000))) : 0;
  useEffect(() => {
    if (waitLeft <= 0) return;
    const tick = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(tick);
  }, [waitLeft, now]);

  const send = () => resend.mutate({ email, callbackURL });
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {resend.isSuccess && (
        <span role="status" className="text-sm font-medium">
          We sent a new link to {email}.
        </span>
      )}
      {waitLeft > 0 ? (
        <span className="text-sm text-slate-600">You can ask for another link in {waitLeft} s.</span>
      ) : (
        <Button variant={variant} disabled={resend.isPending} onClick={send}>
          {resend.isPending ? 'Sending...' : 'Resend'}
        </Button>
      )}
      {resend.isError && (
        <span role="alert" className="text-sm font-medium text-red-800">
          {resend.error.message}
        </span>
      )}
    </span>
  );
}
