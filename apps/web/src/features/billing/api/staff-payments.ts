import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundRequest } from '@portal/contracts/billing';
import { routes } from '@portal/contracts/routes';
import { topics } from '@portal/contracts/topics';
import { api } from '@/lib/api-client';
import { usePages } from '@/lib/pages';

const { listCustomerPayments, listCustomerCards } = routes.billing;

// The customer page's payments and cards sections: newest first, 25 a page with "Load more".

export const useCustomerPayments = (userId: string) => usePages(listCustomerPayments, { params: { userId } }, (pages) => pages.flatMap((page) => page.payments));

/** The cards, and which one is the default (named on every page). */
export const useCustomerCards = (userId: string) =>
  usePages(listCustomerCards, { params: { userId } }, (pages) => ({ cards: pages.flatMap((page) => page.cards), defaultCardId: pages[0]?.defaultCardId ?? null }));

/**
 * Refunds carry one idempotency key per dialog opening, so that a resent click refunds once. After one, the sections
 * it changes, and the audit log that recorded it, are read again.
 */
export function useRefundPayment(paymentId: string) {
  const queryClient = useQueryClient();
  const refetch = () =>
    Promise.all([topics.subscriptions, topics.payments, topics.audit].map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
  return useMutation({ mutationFn: (body: RefundRequest) => api(routes.billing.refundPayment, { params: { id: paymentId }, body }), onSuccess: refetch });
}
