import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meSchema } from '@portal/contracts/auth';
import type { ProfileUpdate } from '@portal/contracts/account';
import { api } from '@/lib/api-client';
import { showProfile } from './show-profile';

export const updateProfile = (input: ProfileUpdate) =>
  api('/api/me', { method: 'PATCH', body: input, schema: meSchema });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: (me) => showProfile(queryClient, me) });
}
