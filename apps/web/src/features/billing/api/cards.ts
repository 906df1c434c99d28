import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import { topics } from '@portal/contracts/topics';
import { api, routeQuery } from '@/lib/api-client';

const { listCards, getCard, addCard: addCardRoute, deleteCard, setDefaultCard, setSubscriptionCard } = routes.billing;

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

/** One card while it is being saved (polled until Square has answered): a refused card is only seen here. */
export function useCard(id: string | null) {
  return useQuery({
    ...routeQuery(getCard, { params: { id: id ?? '' } }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'PendingSquareCreation' ? 1000 : false),
  });
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    /** A card that pays an active subscription names the card that takes over (`replacementCardId`). */
    mutationFn: ({ id, replacementCardId }: { id: string; replacementCardId?: string }) =>
      api(deleteCard, { params: { id }, query: replacementCardId ? { replacementCardId } : {} }),
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

/** Chooses which saved card pays a subscription; the subscription and the card list (expiry flags) refresh. */
export function useSetSubscriptionCard(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) => api(setSubscriptionCard, { params: { id: subscriptionId }, body: { cardId } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cardsQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: [topics.subscriptions] }),
      ]),
  });
}
