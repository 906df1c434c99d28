import { sessionQueryKey } from '@/lib/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionSchema } from '@portal/contracts/subscriptions';
import { api } from '@/lib/api-client';
import { subscriptionsKey } from './get-subscriptions';

/** cancelSubscription (spec §7). */
export const cancelSubscription = (id: string) =>
  api(`/api/subscriptions/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: {}, schema: subscriptionSchema });

/** reactivateSubscription (spec §7): at no charge, inside the paid period. */
export const reactivateSubscription = (id: string) =>
  api(`/api/subscriptions/${encodeURIComponent(id)}/reactivate`, { method: 'POST', body: {}, schema: subscriptionSchema });

export function useChangeSubscription(change: typeof cancelSubscription) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (subscription) => {
      queryClient.setQueryData([...subscriptionsKey, subscription.id], subscription);
      void queryClient.invalidateQueries({ queryKey: subscriptionsKey });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
