import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authRoutes } from '@portal/contracts/routes/auth.routes';
import { api } from '@/lib/api-client';
import { fetchSession, sessionQueryKey } from '@/lib/session';

const routes = authRoutes;

/** Turning the second factor on or off replaces the session: the sign-in state is read again. */
function useRefreshSession() {
  const queryClient = useQueryClient();
  return async () => queryClient.setQueryData(sessionQueryKey, await fetchSession());
}

/** A new secret and recovery codes; the second factor is on only once a code from the app is confirmed. */
export const useStartTwoFactor = () =>
  useMutation({ mutationFn: (password: string | undefined) => api(routes.enableTwoFactor, { body: { password } }) });

/** Confirms the app's first code: the second factor is on from here. */
export function useConfirmTwoFactor() {
  const refresh = useRefreshSession();
  return useMutation({ mutationFn: (code: string) => api(routes.verifyTwoFactorCode, { body: { code } }), onSuccess: refresh });
}

export const useRegenerateRecoveryCodes = () =>
  useMutation({ mutationFn: (password: string | undefined) => api(routes.regenerateRecoveryCodes, { body: { password } }) });

export function useTurnOffTwoFactor() {
  const refresh = useRefreshSession();
  return useMutation({ mutationFn: (password: string | undefined) => api(routes.disableTwoFactor, { body: { password } }), onSuccess: refresh });
}
