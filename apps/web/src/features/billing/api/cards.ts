import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import { api, routeQuery } from '@/lib/api-client';

const { listCards, addCard: addCardRoute, deleteCard, setDefaultCard } = routes.billing;

/** Every card read is keyed under the `cards` topic: the live topic `cards:<id>` refreshes them all. */
export const cardsQuery = () => routeQuery(listCards);

/** Saves a card from its token; the card starts PendingSquareCreation. */
export const addCard = (nonce: string) => api(addCardRoute, { body: { nonce } });

/** The user's saved cards, live; polled as well while one is still being saved at Square. */
export function useCards() {
  return useQuery({
    ...cardsQuery(),
    refetchInterval: (query) =>
      query.state.data?.cards.some((card) => card.status === 'PendingSquareCreation') ? 2000 : false,
  });
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(deleteCard, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardsQuery().queryKey }),
  });
}

export function useSetDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) => api(setDefaultCard, { body: { cardId } }),
    onSuccess: (list) => queryClient.setQueryData(cardsQuery().queryKey, list),
  });
}
