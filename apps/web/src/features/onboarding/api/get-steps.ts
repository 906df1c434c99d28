import { useQuery } from '@tanstack/react-query';
import { completionStepsSchema } from '@portal/contracts/onboarding';
import { api } from '@/lib/api-client';

/** Kept live by the `steps:<subscriptionId>` topic (staff changing a step). */
export const stepsKey = (subscriptionId: string) => ['steps', subscriptionId] as const;

export const getSteps = (subscriptionId: string) =>
  api(`/api/completion-steps/${encodeURIComponent(subscriptionId)}`, { schema: completionStepsSchema });

export function useSteps(subscriptionId: string) {
  return useQuery({
    queryKey: stepsKey(subscriptionId),
    queryFn: () => getSteps(subscriptionId),
    retry: false,
  });
}
