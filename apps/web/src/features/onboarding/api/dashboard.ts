import { useQuery } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import { routeQuery } from '@/lib/api-client';

/** The Action Center; the owner's `dashboard:<userId>` topic refreshes it. */
export const actionCenterQuery = () => routeQuery(routes.onboarding.getActionCenter);

export function useActionCenter() {
  // A subscription bought or a form sent elsewhere must show at once when the dashboard is opened.
  return useQuery({ ...actionCenterQuery(), select: (data) => data.actions, refetchOnMount: 'always' });
}

/** Featured banners, newest first; the public `banners` topic refreshes them live. */
export function useBanners() {
  return useQuery({ ...routeQuery(routes.onboarding.listBanners), select: (data) => data.banners });
}
