import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import type { StaffCancelInput, StaffExtendInput } from '@portal/contracts/subscriptions';
import { topics } from '@portal/contracts/topics';
import { api, routeQuery } from '@/lib/api-client';
import { usePages } from '@/lib/pages';

const { listCustomerSubscriptions, staffCancelSubscription, staffReactivateSubscription, staffExtendSubscription, getChurnByReason } = routes.subscriptions;
const { staffRetryRenewal } = routes.billing;

/** The customer page's subscriptions section: newest start first, 25 a page with "Load more". */
export const useCustomerSubscriptions = (userId: string) =>
  usePages(listCustomerSubscriptions, { params: { userId } }, (pages) => pages.flatMap((page) => page.subscriptions));

/** After a billing action: the sections it changes, and the audit log that recorded it, are read again. */
export function useRefetchBilling() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([topics.subscriptions, topics.payments, topics.audit].map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
}

export type SubscriptionAction =
  | { kind: 'cancel'; body: StaffCancelInput }
  | { kind: 'reactivate'; reason: string }
  | { kind: 'extend'; body: StaffExtendInput }
  | { kind: 'retry'; reason: string };

export function useSubscriptionAction(subscriptionId: string) {
  const refetch = useRefetchBilling();
  const params = { id: subscriptionId };
  return useMutation({
    mutationFn: async (action: SubscriptionAction): Promise<unknown> => {
      switch (action.kind) {
        case 'cancel':
          return api(staffCancelSubscription, { params, body: action.body });
        case 'reactivate':
          return api(staffReactivateSubscription, { params, body: { reason: action.reason } });
        case 'extend':
          return api(staffExtendSubscription, { params, body: action.body });
        case 'retry':
          return api(staffRetryRenewal, { params, body: { reason: action.reason } });
      }
    },
    onSuccess: refetch,
  });
}

/** The overview's churn by reason (last 90 days). */
export const useChurnByReason = () => useQuery({ ...routeQuery(getChurnByReason), refetchInterval: 60_000 });
