import { useQuery, type QueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import { routeQuery } from '@/lib/api-client';

const plansQuery = () => routeQuery(routes.plans.listPlans);

/** Visible plans in display order, live (an import publishes `plans`): pricing and the dashboard read this query. */
export function usePlans() {
  return useQuery({ ...plansQuery(), select: (data) => data.plans });
}
/** Starts the plans' read while a page showing them loads. */
export const primePlans = (queryClient: QueryClient) => queryClient.prefetchQuery(plansQuery());

/** One plan, being bought. */
export function usePlan(planId: string | undefined) {
  return useQuery({ ...routeQuery(routes.plans.getPlan, { params: { id: planId ?? '' } }), enabled: Boolean(planId), retry: false });
}
