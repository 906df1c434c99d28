import { useQuery } from '@tanstack/react-query';
import { bannerListSchema } from '@portal/contracts/onboarding';
import { api } from '@/lib/api-client';

/** Featured banners, newest first; the public `banners` topic refreshes them live. */
export const getBanners = () => api('/api/banners', { schema: bannerListSchema });

export function useBanners() {
  return useQuery({ queryKey: ['banners'], queryFn: getBanners, select: (data) => data.banners });
}
