import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import { api, routeQuery } from '@/lib/api-client';
import { actionCenterQuery } from './dashboard';

const { getCompletionSteps, completeStep, reopenStep } = routes.onboarding;
/** Kept live by the `steps:<subscriptionId>` topic (staff changing a step). */
const stepsQuery = (subscriptionId: string) => routeQuery(getCompletionSteps, { params: { subscriptionId } });

export function useSteps(subscriptionId: string) {
  return useQuery({ ...stepsQuery(subscriptionId), retry: false });
}

/** Marks a step completed; the page shows the server's answer at once. */
/** Marks a step completed (`completed` true) or undoes it; the steps page and the Action Center follow. */
export function useMarkStep(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stepId, completed }: { stepId: string; completed: boolean }) =>
      api(completed ? completeStep : reopenStep, { params: { subscriptionId, stepId } }),
    onSuccess: async (steps) => {
      queryClient.setQueryData(stepsQuery(subscriptionId).queryKey, steps);
      await queryClient.invalidateQueries({ queryKey: actionCenterQuery().queryKey });
    },
  });
}
