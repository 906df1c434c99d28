import { useMutation } from '@tanstack/react-query';
import type { DeletionRequestInput } from '@portal/contracts/content';
import { routes } from '@portal/contracts/routes';
import { api } from '@/lib/api-client';

export function useRequestDeletion() {
  return useMutation({ mutationFn: (body: DeletionRequestInput) => api(routes.account.requestAccountDeletion, { body }) });
}
