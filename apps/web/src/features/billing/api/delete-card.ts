import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cardsKey } from './get-cards';

export const deleteCard = (id: string) => api(`/api/cards/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCard, onSettled: () => queryClient.invalidateQueries({ queryKey: cardsKey }) });
}
