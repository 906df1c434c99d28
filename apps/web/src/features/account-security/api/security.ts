import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailInput, ChangePasswordInput, ForgotPasswordInput, ReauthenticateInput, ResetPasswordInput, SetPasswordInput } from '@portal/contracts/account';
import type { ResendVerificationInput } from '@portal/contracts/auth';
import { accountRoutes } from '@portal/contracts/routes/account.routes';
import { authRoutes } from '@portal/contracts/routes/auth.routes';
import { api, queryKeyOf, routeQuery } from '@/lib/api-client';

// The verify-e-mail banner of every signed-in page uses this module: it takes only its two areas of the route
// table, so that the customer entry does not carry every route's schemas (scripts/bench/bundle.mjs).
const routes = { account: accountRoutes, auth: authRoutes };

export const useAccountSecurity = (enabled = true) => useQuery({ ...routeQuery(routes.account.getAccountSecurity), enabled });
export const useSignedInDevices = () => useQuery(routeQuery(routes.account.listSignedInDevices));

/** After a change of security settings, what the page shows of them is read again. */
function useRefreshSecurity() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeyOf(routes.account.getAccountSecurity) }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf(routes.account.listSignedInDevices) }),
    ]);
}

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (body: ForgotPasswordInput) => api(routes.auth.requestPasswordReset, { body }) });

export const useResetPassword = () => useMutation({ mutationFn: (body: ResetPasswordInput) => api(routes.auth.resetPassword, { body }) });

export const useResendVerification = () =>
  useMutation({ mutationFn: (body: ResendVerificationInput) => api(routes.auth.sendVerificationEmail, { body }) });

export const useChangeEmail = () => useMutation({ mutationFn: (body: ChangeEmailInput) => api(routes.auth.changeEmail, { body }) });

export function useChangePassword() {
  const refresh = useRefreshSecurity();
  return useMutation({ mutationFn: (body: ChangePasswordInput) => api(routes.auth.changePassword, { body }), onSuccess: refresh });
}

export function useSetPassword() {
  const refresh = useRefreshSecurity();
  return useMutation({ mutationFn: (body: SetPasswordInput) => api(routes.account.setPassword, { body }), onSuccess: refresh });
}

export function useSignOutOtherDevices() {
  const refresh = useRefreshSecurity();
  return useMutation({ mutationFn: () => api(routes.account.signOutOtherDevices), onSuccess: refresh });
}

export function useSignOutDevice() {
  const refresh = useRefreshSecurity();
  return useMutation({ mutationFn: (id: string) => api(routes.account.signOutDevice, { params: { id } }), onSuccess: refresh });
}

/** Confirms the password so that the session counts as freshly signed in (the sensitive change is then retried). */
export const useReauthenticate = () => useMutation({ mutationFn: (body: ReauthenticateInput) => api(routes.account.reauthenticate, { body }) });
