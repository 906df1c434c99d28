import { useQuery } from '@tanstack/react-query';
import { planListSchema } from '@portal/contracts/plans';
import { api } from '@/lib/api-client';

// Key root 'plans': an import publishes the topic 'plans', and open pricing pages refetch.
export const plansQueryKey = ['plans'] as const;

export const fetchPlans = () => api('/api/plans', { schema: planListSchema });

export function usePlans() {
  return useQuery({ queryKey: plansQueryKey, queryFn: fetchPlans, select: (data) => data.plans });
}
