import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meSchema } from '@portal/contracts/auth';
import { api } from '@/lib/api-client';
import { showProfile } from './show-profile';

/** Makes a finished profile-picture upload the profile photo. */
export const setProfilePhoto = (fileId: string) =>
  api('/api/me/photo', { method: 'PUT', body: { fileId }, schema: meSchema });

export function useSetProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setProfilePhoto, onSuccess: (me) => showProfile(queryClient, me) });
}
