import { useQuery } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import { routeQuery } from '@/lib/api-client';

/** UserPayments (spec §3), newest first, live. */
export function usePayments() {
  return useQuery({ ...routeQuery(routes.billing.listPayments), select: (data) => data.payments });
}
