import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import type { StaffDeletionRequestListQuery } from '@portal/contracts/account';
import { api } from '@/lib/api-client';
import { refetchFirstPages } from '@/lib/page-refresh';
import { usePages } from '@/lib/pages';

const { listStaffDeletionRequests, refuseDeletionRequest, carryOutDeletionRequest } = routes.account;

/** One status's requests, newest first, 25 a page with "Load more". */
export const useDeletionRequests = (query: StaffDeletionRequestListQuery) =>
  usePages(listStaffDeletionRequests, { query }, (pages) => pages.flatMap((page) => page.requests), { keepPrevious: true });

/** Refuse (with a reason) or carry out a pending request; every queue refetches. */
export function useDecideDeletion(requestId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => refetchFirstPages(queryClient, [listStaffDeletionRequests.topic]);
  return {
    refuse: useMutation({ mutationFn: (reason: string) => api(refuseDeletionRequest, { params: { requestId }, body: { reason } }), onSuccess }),
    carryOut: useMutation({ mutationFn: () => api(carryOutDeletionRequest, { params: { requestId } }), onSuccess }),
  };
}
