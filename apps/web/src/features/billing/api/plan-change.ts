import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ChangePlanRequest } from '@portal/contracts/billing';
import { routes } from '@portal/contracts/routes';
import { api, routeQuery } from '@/lib/api-client';

const { getPlanOptions, changePlan, undoPlanChange, payNow } = routes.billing;

/** The plans a subscription can change to, priced by the server (with a promo code for upgrades). */
export function usePlanOptions(subscriptionId: string, promoCode: string | undefined, enabled: boolean) {
  const read = routeQuery(getPlanOptions, { params: { id: subscriptionId }, query: promoCode ? { promoCode } : {} });
  return useQuery({
    ...read,
    // Under the subscription's topic (its events refetch the quote), apart from the subscription itself.
    queryKey: [...read.queryKey, 'plan-options'],
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Changes plan; an upgrade answers its payment (watch it settle), a downgrade the scheduled subscription. */
export function useChangePlan(subscriptionId: string) {
  return useMutation({ mutationFn: (body: ChangePlanRequest) => api(changePlan, { params: { id: subscriptionId }, body }) });
}

export function useUndoPlanChange(subscriptionId: string) {
  return useMutation({ mutationFn: () => api(undoPlanChange, { params: { id: subscriptionId } }) });
}

/** "Update card and pay now": charges the overdue renewal with the card chosen. */
export function usePayNow(subscriptionId: string) {
  return useMutation({ mutationFn: (cardId: string | null) => api(payNow, { params: { id: subscriptionId }, body: { cardId } }) });
}
