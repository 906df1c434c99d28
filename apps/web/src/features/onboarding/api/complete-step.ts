import { useMutation, useQueryClient } from '@tanstack/react-query';
import { completionStepsSchema } from '@portal/contracts/onboarding';
import { api } from '@/lib/api-client';
import { dashboardKey } from './get-action-center';
import { stepsKey } from './get-steps';

export const completeStep = (subscriptionId: string, stepId: string) =>
  api(`/api/completion-steps/${encodeURIComponent(subscriptionId)}/${encodeURIComponent(stepId)}/complete`, {
    method: 'POST',
    schema: completionStepsSchema,
  });

/** Marks a step completed; the page shows the server's answer at once. */
export function useCompleteStep(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stepId: string) => completeStep(subscriptionId, stepId),
    onSuccess: async (steps) => {
      queryClient.setQueryData(stepsKey(subscriptionId), steps);
      await queryClient.invalidateQueries({ queryKey: dashboardKey });
    },
  });
}
