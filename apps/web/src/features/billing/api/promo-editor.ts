import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewPromoCodeInput, PromoCodeInput } from '@portal/contracts/billing';
import { routes } from '@portal/contracts/routes';
import { api, routeQuery } from '@/lib/api-client';

const { listStaffPromoCodes, createPromoCode, updatePromoCode, deletePromoCode } = routes.billing;

/** Keyed apart from the staff plans list, which shares the `plans` topic (so both refetch on its events). */
export function useStaffPromoCodes() {
  return useQuery({ ...routeQuery(listStaffPromoCodes), queryKey: [listStaffPromoCodes.topic, 'promo-codes'] });
}

/** Writes to promo codes; every `plans` query (this list, an open checkout's applied code) refetches. */
export function usePromoCodeChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [listStaffPromoCodes.topic] });
  return {
    create: useMutation({ mutationFn: (body: NewPromoCodeInput) => api(createPromoCode, { body }), onSuccess }),
    update: useMutation({ mutationFn: ({ code, body }: { code: string; body: PromoCodeInput }) => api(updatePromoCode, { params: { code }, body }), onSuccess }),
    remove: useMutation({ mutationFn: (code: string) => api(deletePromoCode, { params: { code } }), onSuccess }),
  };
}
