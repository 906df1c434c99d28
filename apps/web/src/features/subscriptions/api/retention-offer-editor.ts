import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import type { RetentionOfferInput } from '@portal/contracts/retention';
import { api, routeQuery } from '@/lib/api-client';

const { getRetentionOffer, saveRetentionOffer } = routes.subscriptions;

/** The retention offer and its figures; read again every minute while the overview is open, as the overview is. */
export const useRetentionOffer = () => useQuery({ ...routeQuery(getRetentionOffer), refetchInterval: 60_000 });

export function useSaveRetentionOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RetentionOfferInput) => api(saveRetentionOffer, { body }),
    onSuccess: (answer) => queryClient.setQueryData(routeQuery(getRetentionOffer).queryKey, answer),
  });
}
