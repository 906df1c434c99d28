import { useQuery } from '@tanstack/react-query';
import { subscriptionListSchema, subscriptionSchema } from '@portal/contracts/subscriptions';
import { api } from '@/lib/api-client';

/** Every subscription query starts with this key: the live topic `subscriptions:<id>` refreshes them all. */
export const subscriptionsKey = ['subscriptions'] as const;

export const getSubscriptions = () => api('/api/subscriptions', { schema: subscriptionListSchema });
export const getSubscription = (id: string) => api(`/api/subscriptions/${encodeURIComponent(id)}`, { schema: subscriptionSchema });

/** The user's subscriptions, newest start first (spec §9), live. */
export function useSubscriptions() {
  return useQuery({ queryKey: subscriptionsKey, queryFn: getSubscriptions, select: (data) => data.subscriptions });
}

export function useSubscription(id: string) {
  return useQuery({ queryKey: [...subscriptionsKey, id], queryFn: () => getSubscription(id), retry: false });
}
