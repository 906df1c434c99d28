import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Card } from '@portal/contracts/billing';
import { routes } from '@portal/contracts/routes';
import { api, routeQuery } from '@/lib/api-client';

const { listCards, getCard, addCard: addCardRoute, deleteCard, setDefaultCard } = routes.billing;

/** Every card read is keyed under the `cards` topic: the live topic `cards:<id>` refreshes them all. */
export const cardsQuery = () => routeQuery(listCards);
export const cardQuery = (id: string) => routeQuery(getCard, { params: { id } });

const isBeingSaved = (card: Card) => card.status === 'PendingSquareCreation';

/** Saves a card from its token; the card starts PendingSquareCreation. */
export const addCard = (nonce: string) => api(addCardRoute, { body: { nonce } });

/** The user's saved cards, live; polled as well while one is still being saved at Square. */
export function useCards() {
  return useQuery({
    ...cardsQuery(),
    refetchInterval: (query) => (query.state.data?.cards.some(isBeingSaved) ? 2000 : false),
  });
}

/**
 * One card while Square is still saving it: re-read at once when its live topic fires, and every few seconds in
 * case the event stream is down, until it is saved or refused. `id` null reads nothing.
 */
export function useCardUntilSaved(id: string | null) {
  return useQuery({
    ...cardQuery(id ?? ''),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (!query.state.data || isBeingSaved(query.state.data) ? SETTLE_POLL_MS : false),
  });
}

/** How often a card or payment the server is still working on is re-read. */
export const SETTLE_POLL_MS = 2500;

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
