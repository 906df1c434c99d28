import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acceptRetentionOffer, pauseSubscription, presentRetentionOffer, resumeSubscription } from '@portal/contracts/routes/retention.routes';
import { getSubscription, listSubscriptions } from '@portal/contracts/routes/subscriptions.routes';
import type { Subscription } from '@portal/contracts/subscriptions';
import { api, routeQuery } from '@/lib/api-client';
import { refetchFirstPages } from '@/lib/page-refresh';

/** The answer is the subscription as it now is: shown at once, and the list read again. */
function useShowChanged() {
  const queryClient = useQueryClient();
  return (subscription: Subscription) => {
    queryClient.setQueryData(routeQuery(getSubscription, { params: { id: subscription.id } }).queryKey, subscription);
    void refetchFirstPages(queryClient, routeQuery(listSubscriptions).queryKey);
  };
}

/** Pause for 1, 2 or 3 months (issue 24). */
export function usePauseSubscription(id: string) {
  const onSuccess = useShowChanged();
  return useMutation({ mutationFn: (months: 1 | 2 | 3) => api(pauseSubscription, { params: { id }, body: { months } }), onSuccess });
}

/** Resume a paused subscription now. */
export function useResumeSubscription(id: string) {
  const onSuccess = useShowChanged();
  return useMutation({ mutationFn: () => api(resumeSubscription, { params: { id } }), onSuccess });
}

/** Asks for the retention offer as the cancel flow opens: the server gives it once per subscription. */
export function usePresentRetentionOffer(id: string) {
  return useMutation({ mutationFn: () => api(presentRetentionOffer, { params: { id } }) });
}

export function useAcceptRetentionOffer(id: string) {
  const onSuccess = useShowChanged();
  return useMutation({ mutationFn: () => api(acceptRetentionOffer, { params: { id } }), onSuccess });
}
