import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import type { BannerInput } from '@portal/contracts/onboarding';
import { api, routeQuery } from '@/lib/api-client';

const { createBanner, updateBanner, deleteBanner } = routes.onboarding;
const { listBanners } = routes.onboarding;

/** The banners as customers see them: newest first. */
export function useStaffBanners() {
  return useQuery(routeQuery(listBanners));
}

/** Writes to banners; every `banners` query (this list, customers' dashboards) refetches. */
export function useBannerChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [listBanners.topic] });
  return {
    save: useMutation({
      mutationFn: ({ bannerId, body }: { bannerId?: string; body: BannerInput }) =>
        bannerId ? api(updateBanner, { params: { bannerId }, body }) : api(createBanner, { body }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (bannerId: string) => api(deleteBanner, { params: { bannerId } }), onSuccess }),
  };
}
