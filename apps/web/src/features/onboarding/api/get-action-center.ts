import { useQuery } from '@tanstack/react-query';
import { actionCenterSchema } from '@portal/contracts/onboarding';
import { api } from '@/lib/api-client';

/** Every dashboard query starts with this key: the owner's `dashboard:<userId>` topic refreshes them. */
export const dashboardKey = ['dashboard'] as const;

export const getActionCenter = () => api('/api/dashboard/actions', { schema: actionCenterSchema });

export function useActionCenter() {
  // A subscription bought or a form sent elsewhere must show at once when the dashboard is opened.
  return useQuery({
    queryKey: [...dashboardKey, 'actions'],
    queryFn: getActionCenter,
    select: (data) => data.actions,
    refetchOnMount: 'always',
  });
}
