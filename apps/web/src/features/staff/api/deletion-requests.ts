import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import type { StaffDeletionRequestListQuery } from '@portal/contracts/staff';
import { api, routeQuery } from '@/lib/api-client';

const { listStaffDeletionRequests, refuseDeletionRequest, carryOutDeletionRequest } = routes.staff;

export function useDeletionRequests(query: StaffDeletionRequestListQuery) {
  return useQuery({ ...routeQuery(listStaffDeletionRequests, { query }), placeholderData: keepPreviousData });
}

/** Refuse (with a reason) or carry out a pending request; every queue refetches. */
export function useDecideDeletion(requestId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [listStaffDeletionRequests.topic] });
  return {
    refuse: useMutation({ mutationFn: (reason: string) => api(refuseDeletionRequest, { params: { requestId }, body: { reason } }), onSuccess }),
    carryOut: useMutation({ mutationFn: () => api(carryOutDeletionRequest, { params: { requestId } }), onSuccess }),
  };
}
