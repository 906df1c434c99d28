import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RefundRequest } from '@portal/contracts/billing';
import { routes } from '@portal/contracts/routes';
import type { StaffCancelInput, StaffExtendInput } from '@portal/contracts/subscriptions';
import { topics } from '@portal/contracts/topics';
import { api, routeQuery } from '@/lib/api-client';
import { usePages } from '@/lib/pages';

const { listCustomerSubscriptions, listCustomerPayments, listCustomerCards, listCustomerQuestionnaires } = routes.staffBilling;
const { staffCancelSubscription, staffReactivateSubscription, staffExtendSubscription, staffRetryRenewal, getChurnByReason } = routes.staffBilling;

// A customer's page, section by section: newest first, 25 a page with "Load more".

export const useCustomerSubscriptions = (userId: string) =>
  usePages(listCustomerSubscriptions, { params: { userId } }, (pages) => pages.flatMap((page) => page.subscriptions), { enabled: userId !== '' });

export const useCustomerPayments = (userId: string) => usePages(listCustomerPayments, { params: { userId } }, (pages) => pages.flatMap((page) => page.payments));

/** The cards, and which one is the default (named on every page). */
export const useCustomerCards = (userId: string) =>
  usePages(listCustomerCards, { params: { userId } }, (pages) => ({ cards: pages.flatMap((page) => page.cards), defaultCardId: pages[0]?.defaultCardId ?? null }));

export const useCustomerQuestionnaires = (userId: string) =>
  usePages(listCustomerQuestionnaires, { params: { userId } }, (pages) => pages.flatMap((page) => page.questionnaires));

/** After a billing action: the sections it changes, and the audit log that recorded it, are read again. */
export function useRefetchBilling() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([topics.subscriptions, topics.payments, topics.audit].map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
}

/** Refunds carry one idempotency key per dialog opening, so that a resent click refunds once. */
export function useRefundPayment(paymentId: string) {
  const refetch = useRefetchBilling();
  return useMutation({ mutationFn: (body: RefundRequest) => api(routes.billing.refundPayment, { params: { id: paymentId }, body }), onSuccess: refetch });
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
