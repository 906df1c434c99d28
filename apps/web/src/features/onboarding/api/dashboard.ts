import { useQuery, type QueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import { routeQuery } from '@/lib/api-client';

/** The Action Center; the owner's `dashboard:<userId>` topic refreshes it. */
export const actionCenterQuery = () => routeQuery(routes.onboarding.getActionCenter);

export function useActionCenter() {
  // A subscription bought or a form sent elsewhere must show at once when the dashboard is opened.
  return useQuery({ ...actionCenterQuery(), select: (data) => data.actions, refetchOnMount: 'always' });
}

const bannersQuery = () => routeQuery(routes.onboarding.listBanners);

/** Featured banners, newest first; the public `banners` topic refreshes them live. */
export function useBanners() {
  return useQuery({ ...bannersQuery(), select: (data) => data.banners });
}

/** Starts the dashboard's own reads (the Action Center and the banners) while its page loads. */
export const primeDashboard = (queryClient: QueryClient) =>
  Promise.all([queryClient.prefetchQuery(actionCenterQuery()), queryClient.prefetchQuery(bannersQuery())]);
