import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import type { PlanInput } from '@portal/contracts/plans';
import { api, routeQuery } from '@/lib/api-client';

const { listStaffPlans, createPlan, updatePlan, movePlan, deletePlan, withdrawPriceChange } = routes.plans;

export function useStaffPlans() {
  return useQuery(routeQuery(listStaffPlans));
}

/** Writes to plans; every `plans` query (this list, customers' pricing) refetches. */
export function usePlanChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [listStaffPlans.topic] });
  return {
    save: useMutation({
      mutationFn: ({ planId, body }: { planId?: string; body: PlanInput }) =>
        planId ? api(updatePlan, { params: { planId }, body }) : api(createPlan, { body }),
      onSuccess,
    }),
    move: useMutation({ mutationFn: ({ planId, direction }: { planId: string; direction: 'up' | 'down' }) => api(movePlan, { params: { planId }, body: { direction } }), onSuccess }),
    remove: useMutation({ mutationFn: (planId: string) => api(deletePlan, { params: { planId } }), onSuccess }),
    withdrawPrice: useMutation({ mutationFn: (planId: string) => api(withdrawPriceChange, { params: { planId } }), onSuccess }),
  };
}
