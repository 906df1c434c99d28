import { useQuery } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import { routeQuery } from '@/lib/api-client';

/** The business at a glance; refetched every minute while the page is open (it has no live topic of its own). */
export function useStaffOverview() {
  return useQuery({ ...routeQuery(routes.staff.getStaffOverview), refetchInterval: 60_000 });
}
