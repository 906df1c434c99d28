import { useQuery } from '@tanstack/react-query';
import type { CheckoutRequest, PromoRequest, PromoResult } from '@portal/contracts/billing';
import { routes } from '@portal/contracts/routes';
import { topics } from '@portal/contracts/topics';
import { api, routeQuery } from '@/lib/api-client';
import { CARD_SAVING_POLL_MS, refetchWhileSaving } from './cards';

const { startCheckout: startCheckoutRoute, validatePromoCode, getCard, getPayment } = routes.billing;

/** How often a Pending payment is re-read (besides at once on its live topic `payments:<id>`). */
const PAYMENT_POLL_MS = 2500;

/** validateAndApplyPromoCode (spec §7): the server prices the plan with the code. */
export const validatePromo = (body: PromoRequest) => api(validatePromoCode, { body });

/**
 * The applied code as the server prices it now: checked again whenever promo codes or plans change (the `plans`
 * topic), so a code staff retire or change while the page is open is withdrawn or repriced at once.
 */
export function useAppliedPromo(deal: PromoResult | null, planId: string): PromoResult | null {
  const recheck = useQuery({
    queryKey: [topics.plans, 'applied-promo', planId, deal?.promoCode ?? ''],
    queryFn: () => validatePromo({ promoCode: deal!.promoCode, serviceId: planId }),
    enabled: deal !== null,
    initialData: deal ?? undefined,
    staleTime: Infinity,
  });
  return deal && recheck.data?.promoCode === deal.promoCode ? recheck.data : deal;
}

/** Starts a purchase; the payment comes back Pending and settles live. */
export const startCheckout = (body: CheckoutRequest) => api(startCheckoutRoute, { body });

/**
 * One card while Square is still saving it: re-read at once when its live topic `cards:<id>` fires, and as every
 * card being saved is (`refetchWhileSaving`) in case the event stream is down, until it is saved or refused; a
 * card not read yet (its first read failed) is tried again as often. `id` null reads nothing.
 */
export function useCardUntilSaved(id: string | null) {
  return useQuery({
    ...routeQuery(getCard, { params: { id: id ?? '' } }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data ? refetchWhileSaving(query.state.data) : CARD_SAVING_POLL_MS),
  });
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
    refetchInterval: (query) => (!query.state.data || query.state.data.status === 'Pending' ? PAYMENT_POLL_MS : false),
  });
}
