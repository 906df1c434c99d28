import { useQuery } from '@tanstack/react-query';
import { planSchema } from '@portal/contracts/plans';
import { api } from '@/lib/api-client';

export const getPlan = (planId: string) => api(`/api/plans/${encodeURIComponent(planId)}`, { schema: planSchema });

/** The plan being bought (the `plans` topic keeps it current). */
export function usePlan(planId: string | undefined) {
  return useQuery({ queryKey: ['plans', planId], queryFn: () => getPlan(planId!), enabled: Boolean(planId), retry: false });
}
