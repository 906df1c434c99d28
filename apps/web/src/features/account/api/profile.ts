import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Me, SessionState } from '@portal/contracts/auth';
import type { ProfileUpdate } from '@portal/contracts/account';
import { routes } from '@portal/contracts/routes';
import { api } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';

/** Puts the saved profile into the sign-in state, which the header reads, so that it shows at once; then refreshes it. */
async function showProfile(queryClient: QueryClient, me: Me) {
  queryClient.setQueryData<SessionState>(sessionQueryKey, (state) => (state ? { ...state, user: me } : state));
  await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => api(routes.account.updateProfile, { body }),
    onSuccess: (me) => showProfile(queryClient, me),
  });
}

/** Makes a finished profile-picture upload the profile photo. */
export function useSetProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => api(routes.account.setProfilePhoto, { body: { fileId } }),
    onSuccess: (me) => showProfile(queryClient, me),
  });
}

/** Removes the profile photo; the portal shows the initials instead. */
export function useRemoveProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(routes.account.removeProfilePhoto),
    onSuccess: (me) => showProfile(queryClient, me),
  });
}
