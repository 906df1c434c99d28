import { useQuery } from '@tanstack/react-query';
import { paymentListSchema, paymentSchema } from '@portal/contracts/billing';
import { api } from '@/lib/api-client';

/** Every payment query starts with this key: the live topic `payments:<id>` refreshes them all. */
export const paymentsKey = ['payments'] as const;

export const getPayments = () => api('/api/payments', { schema: paymentListSchema });
export const getPayment = (id: string) => api(`/api/payments/${encodeURIComponent(id)}`, { schema: paymentSchema });

/** UserPayments (spec §3), newest first, live. */
export function usePayments() {
  return useQuery({ queryKey: paymentsKey, queryFn: getPayments, select: (data) => data.payments });
}
