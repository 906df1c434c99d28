import { useQuery } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import { routeQuery } from '@/lib/api-client';

/** Visible plans in display order, live (an import publishes `plans`): pricing and the dashboard read this query. */
export function usePlans() {
  return useQuery({ ...routeQuery(routes.plans.listPlans), select: (data) => data.plans });
}

/** One plan, being bought. */
export function usePlan(planId: string | undefined) {
  return useQuery({ ...routeQuery(routes.plans.getPlan, { params: { id: planId ?? '' } }), enabled: Boolean(planId), retry: false });
}
