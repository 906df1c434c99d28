import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingProfile } from '@portal/contracts/receipt';
import { routes } from '@portal/contracts/routes';
import { api, routeQuery } from '@/lib/api-client';

const { getBillingProfile, updateBillingProfile } = routes.billing;

/** The business the customer's receipts are made out to. */
export function useBillingProfile() {
  return useQuery(routeQuery(getBillingProfile));
}

export function useSaveBillingProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingProfile) => api(updateBillingProfile, { body }),
    onSuccess: (saved) => queryClient.setQueryData(routeQuery(getBillingProfile).queryKey, saved),
  });
}
