import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import type { NewStepInput } from '@portal/contracts/onboarding';
import { api, queryKeyOf, routeQuery } from '@/lib/api-client';

const { getStaffSteps, setStepStatus, addStep } = routes.onboarding;

/** A subscription's steps; the `steps` topic keeps them live (and the customer's page follows staff edits). */
export function useStaffSteps(subscriptionId: string) {
  return useQuery(routeQuery(getStaffSteps, { params: { subscriptionId } }));
}

/** Edits stay pending until the steps are read again, so a control never flicks back to the old value. */
function useRefetchSteps(subscriptionId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeyOf(getStaffSteps, { params: { subscriptionId } }) });
}

export function useUpdateStep(subscriptionId: string) {
  const refetch = useRefetchSteps(subscriptionId);
  return useMutation({
    mutationFn: ({ stepId, ...body }: { stepId: string; stepStatus?: string; stepDetails?: string; place?: string | null | undefined }) =>
      api(setStepStatus, { params: { subscriptionId, stepId }, body }),
    onSuccess: refetch,
  });
}

export function useAddStep(subscriptionId: string) {
  const refetch = useRefetchSteps(subscriptionId);
  return useMutation({ mutationFn: (step: NewStepInput) => api(addStep, { params: { subscriptionId }, body: step }), onSuccess: refetch });
}
