import { MailWarning } from 'lucide-react';
import { useCurrentUser } from '@/lib/current-user';
import { useAccountSecurity } from '../api/security';
import { ResendVerification } from './resend-verification';

/** Shown on signed-in pages until the account's e-mail address is verified; it never blocks anything. */
export function VerifyEmailBanner() {
  const user = useCurrentUser();
  const security = useAccountSecurity(Boolean(user));
  if (!user || security.data?.emailVerified !== false) return null;
  return (
    <section aria-label="Verify your email" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm text-amber-950 sm:px-6">
        <MailWarning className="h-5 w-5 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1">
          Please verify your email address: follow the link we emailed you.
        </p>
        <ResendVerification email={user.email} />
      </div>
    </section>
  );
}
