import { isStaffRole } from '@portal/contracts/route-helpers';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { StatusMessage } from '@/components/ui/page';
import { useCurrentUser } from '@/lib/current-user';
import { fetchSession, sessionQueryKey } from '@/lib/session';
import { paths } from '@/lib/paths';
import { useAccountSecurity } from '@/features/account-security/api/security';
import { AuthCard } from '@/features/account-security/components/auth-card';
import { TwoFactorSetup } from '@/features/account-security/components/two-factor-setup';

/** Where a staff member's first sign-in lands: the console opens once their second factor is set up. */
export function Component() {
  const user = useCurrentUser();
  const security = useAccountSecurity();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Kept from the first render: confirming the code turns the factor on, and the recovery codes still show then.
  const [needed] = useState(() => user?.twoFactorEnabled === false);
  if (!user) return <StatusMessage>Loading...</StatusMessage>;
  if (!needed) return <Navigate to={isStaffRole(user.role) ? paths.staffInbox() : paths.accountSettings()} replace />;

  const intro =
    isStaffRole(user.role)
      ? 'Staff accounts sign in with a code from an authenticator app as well as a password. Set it up to open the staff console.'
      : 'Sign in with a code from an authenticator app as well as your password.';
  return (
    <AuthCard title="Set Up Two-Factor Authentication" intro={intro}>
      {security.data ? (
        <TwoFactorSetup
          hasPassword={security.data.hasPassword}
          onDone={async () => {
            const state = await fetchSession();
            queryClient.setQueryData(sessionQueryKey, state);
            await navigate(state.landing ?? paths.dashboard(), { replace: true });
          }}
        />
      ) : (
        <StatusMessage>Loading...</StatusMessage>
      )}
    </AuthCard>
  );
}
