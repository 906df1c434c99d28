import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardListSchema } from '@portal/contracts/billing';
import { api } from '@/lib/api-client';
import { cardsKey } from './get-cards';

export const setDefaultCard = (cardId: string) => api('/api/cards/default', { method: 'PUT', body: { cardId }, schema: cardListSchema });

export function useSetDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setDefaultCard, onSuccess: (list) => queryClient.setQueryData(cardsKey, list) });
}
