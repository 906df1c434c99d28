import { useQuery } from '@tanstack/react-query';
import { cardListSchema, cardSchema } from '@portal/contracts/billing';
import { api } from '@/lib/api-client';

/** Every card query starts with this key: the live topic `cards:<id>` refreshes them all. */
export const cardsKey = ['cards'] as const;

export const getCards = () => api('/api/cards', { schema: cardListSchema });
export const getCard = (id: string) => api(`/api/cards/${encodeURIComponent(id)}`, { schema: cardSchema });

/** The user's saved cards, live; polled as well while one is still being saved at Square. */
export function useCards() {
  return useQuery({
    queryKey: cardsKey,
    queryFn: getCards,
    refetchInterval: (query) => (query.state.data?.cards.some((c) => c.status === 'PendingSquareCreation') ? 2000 : false),
  });
}
