import { useQuery } from '@tanstack/react-query';
import type { CheckoutRequest, PromoRequest } from '@portal/contracts/billing';
import { routes } from '@portal/contracts/routes';
import { api, routeQuery } from '@/lib/api-client';
import { SETTLE_POLL_MS } from './cards';

const { listPayments, getPayment, startCheckout: startCheckoutRoute, validatePromoCode } = routes.billing;

/** Starts a purchase; the payment comes back Pending and settles live. */
export const startCheckout = (body: CheckoutRequest) => api(startCheckoutRoute, { body });

/** validateAndApplyPromoCode (spec §7): the server prices the plan with the code. */
export const validatePromo = (body: PromoRequest) => api(validatePromoCode, { body });

/** UserPayments (spec §3), newest first, live. */
export function usePayments() {
  return useQuery({ ...routeQuery(listPayments), select: (data) => data.payments });
}

/**
 * One payment while it is Pending: re-read at once when its live topic `payments:<id>` fires, and every few seconds
 * in case the event stream is down, until it is Complete or Failed. `id` null reads nothing.
 */
export function usePaymentUntilSettled(id: string | null) {
  return useQuery({
    ...routeQuery(getPayment, { params: { id: id ?? '' } }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'Pending' || !query.state.data ? SETTLE_POLL_MS : false),
  });
}
