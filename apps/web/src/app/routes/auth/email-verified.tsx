import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import { buttonClass } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/page';
import { queryKeyOf } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { sessionQueryKey } from '@/lib/session';
import { AuthCard, SuccessMessage } from '@/features/account-security/components/auth-card';
import { ResendVerification } from '@/features/account-security/components/resend-verification';

/** Where a verification link (sign-up, "Resend", or a new address) lands, with better-auth's error code if it failed. */
export function Component() {
  const [params] = useSearchParams();
  const failed = params.has('error');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  useEffect(() => {
    // The address (or the account's e-mail, after a change) is new: what shows it is read again.
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(routes.account.getAccountSecurity) });
  }, [queryClient]);

  if (failed) {
    return (
      <AuthCard title="This link did not work">
        <div className="space-y-4">
          <ErrorMessage>This verification link has expired or is not valid. Verification links work for 24 hours.</ErrorMessage>
          {user ? (
            <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
              Send a new link to {user.email}: <ResendVerification email={user.email} variant="primary" />
            </p>
          ) : (
            <Link to={paths.login()} className={buttonClass('primary', 'w-full')}>
              Sign in to get a new link
            </Link>
          )}
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Email address verified">
      <div className="space-y-4">
        <SuccessMessage>Thank you: your email address{user ? ` ${user.email}` : ''} is verified.</SuccessMessage>
        <Link to={user ? paths.dashboard() : paths.login()} className={buttonClass('primary', 'w-full')}>
          {user ? 'Go to Dashboard' : 'Sign In'}
        </Link>
      </div>
    </AuthCard>
  );
}
