import { useQuery } from '@tanstack/react-query';
import { routeQueryKey } from '@portal/contracts/route-helpers';
import { shellEndpoints } from '@portal/contracts/routes/shell';
import { api } from './api-client';

export const siteConfigQueryKey = routeQueryKey(shellEndpoints.getSiteConfig);

/** Outside links (stores, social, menu sync, video) from the server's settings. */
export function useSiteConfig() {
  return useQuery({
    queryKey: siteConfigQueryKey,
    queryFn: () => api(shellEndpoints.getSiteConfig),
    staleTime: Infinity,
  });
}
