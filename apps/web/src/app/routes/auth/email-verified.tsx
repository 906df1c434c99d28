import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import { buttonClass } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/page';
import { queryKeyOf } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { sessionQueryKey, useSession } from '@/lib/session';
import { destinationAfterSignIn, loginWith, readHandoff } from '@/app/plan-handoff';
import { AuthCard, SuccessMessage } from '@/features/account-security/components/auth-card';
import { ResendVerification } from '@/features/account-security/components/resend-verification';

/**
 * Where a verification link (sign-up, "Resend", or a new address) lands, with better-auth's error code if it failed.
 * A sign-up's link has signed the new account in: it goes on at once where spec §4 sends it (with a plan chosen on
 * pricing, that plan's checkout), carried here in the URL (`new`, `plan`, `fromCheckout`).
 */
export function Component() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const failed = params.has('error');
  const session = useSession();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const handoff = readHandoff(null, location.search);
  const isNewAccount = params.get('new') === '1';
  const goesOn = !failed && Boolean(user) && (isNewAccount || Boolean(handoff.fromCheckout && handoff.planId));

  useEffect(() => {
    // The address (or the account's e-mail, after a change) is new: what shows it is read again.
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(routes.account.getAccountSecurity) });
  }, [queryClient]);

  const landing = session.data?.landing ?? null;
  useEffect(() => {
    if (!goesOn) return;
    const target = destinationAfterSignIn(readHandoff(null, location.search), landing, isNewAccount);
    void navigate(target.to, { replace: true, state: target.state });
  }, [goesOn, location.search, landing, isNewAccount, navigate]);

  if (goesOn) {
    return (
      <p role="status" className="py-24 text-center text-slate-600">
        Signing you in...
      </p>
    );
  }
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
            <Link to={loginWith(handoff)} className={buttonClass('primary', 'w-full')}>
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
        <Link to={user ? paths.dashboard() : loginWith(handoff)} className={buttonClass('primary', 'w-full')}>
          {user ? 'Go to Dashboard' : 'Sign In'}
        </Link>
      </div>
    </AuthCard>
  );
}
