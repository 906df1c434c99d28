import { useQuery } from '@tanstack/react-query';
import { routeQueryKey } from '@portal/contracts/route-helpers';
import { listPortfolio, listTrustedBy } from '@portal/contracts/routes/showcase.routes';
import { routeQuery } from '@/lib/api-client';

/** The portfolio's entries in staff's order; live through the public `portfolio` topic. */
export function usePortfolio() {
  return useQuery({ ...routeQuery(listPortfolio), select: (data) => data.entries });
}

export const trustedByQueryKey = routeQueryKey(listTrustedBy);

/** The businesses of the "Trusted by" strip in staff's order; live through the public `trusted-by` topic. */
export function useTrustedBy() {
  return useQuery({ ...routeQuery(listTrustedBy), select: (data) => data.businesses });
}
