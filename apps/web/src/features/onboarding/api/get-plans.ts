import { useQuery } from '@tanstack/react-query';
import { planListSchema } from '@portal/contracts/plans';
import { api } from '@/lib/api-client';

/** Visible plans in display order; the `plans` topic refreshes them live. */
export const getPlans = () => api('/api/plans', { schema: planListSchema });

export function usePlans() {
  return useQuery({ queryKey: ['plans'], queryFn: getPlans, select: (data) => data.plans });
}
