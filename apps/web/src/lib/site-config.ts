import { useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@portal/contracts/site';
import { api } from './api-client';

/** Outside links (stores, social, menu sync, video) from the server's settings. */
export function useSiteConfig() {
  return useQuery({
    queryKey: ['site'],
    queryFn: () => api<SiteConfig>('/api/site'),
    staleTime: Infinity,
  });
}
