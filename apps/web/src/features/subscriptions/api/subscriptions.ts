import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import type { CancelRequest } from '@portal/contracts/subscriptions';
import { api, routeQuery } from '@/lib/api-client';
import { PAGE_LIMIT_MAX } from '@portal/contracts/page';
import { refetchFirstPages } from '@/lib/page-refresh';
import { primePages, useEveryPage, usePages } from '@/lib/pages';
import { sessionQueryKey } from '@/lib/session';

const { listSubscriptions, getSubscription, cancelSubscription, reactivateSubscription } = routes.subscriptions;
const subscriptionQuery = (id: string) => routeQuery(getSubscription, { params: { id } });

/** The user's subscriptions, newest start first (spec §9), 25 a page, live. */
export const useSubscriptions = () => usePages(listSubscriptions, {}, (pages) => pages.flatMap((page) => page.subscriptions));

const activeOnes = { query: { status: 'active', limit: PAGE_LIMIT_MAX } } as const;

/**
 * The user's active subscriptions, every one of them whatever the number of cancelled ones (status=active: at most
 * one per plan, so one page of 100 in practice): for what decides on them, such as the plans held, what a card
 * pays, or what is owed. Live like the whole list.
 */
export const useActiveSubscriptions = (options: { enabled?: boolean } = {}) =>
  useEveryPage(listSubscriptions, activeOnes, (pages) => pages.flatMap((page) => page.subscriptions), options);

/** Starts the reads of the subscriptions (the whole list, or only the active ones) while a page showing them loads. */
export const primeSubscriptions = (queryClient: QueryClient) => primePages(queryClient, listSubscriptions, {});
export const primeActiveSubscriptions = (queryClient: QueryClient) => primePages(queryClient, listSubscriptions, activeOnes);

export function useSubscription(id: string) {
  return useQuery({ ...subscriptionQuery(id), retry: false });
}

/** cancelSubscription with the customer's reason (issue 17). */
export function useCancelSubscription(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelRequest | undefined) => api(cancelSubscription, { params: { id }, body: body ?? null }),
    onSuccess: (subscription) => {
      queryClient.setQueryData(subscriptionQuery(subscription.id).queryKey, subscription);
      void refetchFirstPages(queryClient, routeQuery(listSubscriptions).queryKey);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

/** cancelSubscription and reactivateSubscription (spec §7; reactivation here is the free one, inside the paid period). */
const changes = { cancel: cancelSubscription, reactivate: reactivateSubscription };

export function useChangeSubscription(change: keyof typeof changes) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(changes[change], { params: { id } }),
    onSuccess: (subscription) => {
      queryClient.setQueryData(subscriptionQuery(subscription.id).queryKey, subscription);
      void refetchFirstPages(queryClient, routeQuery(listSubscriptions).queryKey);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
