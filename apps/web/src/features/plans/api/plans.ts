import { useQuery } from '@tanstack/react-query';
import { planListSchema, planSchema } from '@portal/contracts/plans';
import { api } from '@/lib/api-client';

// Key root 'plans': an import publishes the topic 'plans', and open pages showing plans refetch.
export const plansQueryKey = ['plans'] as const;

export const fetchPlans = () => api('/api/plans', { schema: planListSchema });
export const fetchPlan = (planId: string) => api(`/api/plans/${encodeURIComponent(planId)}`, { schema: planSchema });

/** Visible plans in display order, live: pricing and the dashboard's services read the same query. */
export function usePlans() {
  return useQuery({ queryKey: plansQueryKey, queryFn: fetchPlans, select: (data) => data.plans });
}

/** One plan, being bought. */
export function usePlan(planId: string | undefined) {
  return useQuery({ queryKey: [...plansQueryKey, planId], queryFn: () => fetchPlan(planId!), enabled: Boolean(planId), retry: false });
}
