import { useMutation } from '@tanstack/react-query';
import { deletionRequestSchema, type DeletionRequestInput } from '@portal/contracts/content';
import { api } from '@/lib/api-client';

export const requestDeletion = (input: DeletionRequestInput) =>
  api('/api/account-deletion-requests', { method: 'POST', body: input, schema: deletionRequestSchema });

export function useRequestDeletion() {
  return useMutation({ mutationFn: requestDeletion });
}
