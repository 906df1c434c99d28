import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Card, CardList, ExpiringCard } from '@portal/contracts/billing';
import { routes } from '@portal/contracts/routes';
import { cardName } from '../components/card-label';
import { topics } from '@portal/contracts/topics';
import { api, routeQuery } from '@/lib/api-client';
import { refetchFirstPages } from '@/lib/page-refresh';
import { usePages } from '@/lib/pages';

const { listCards, getCard, addCard: addCardRoute, deleteCard, setDefaultCard, setSubscriptionCard } = routes.billing;

/** Every card read is keyed under the `cards` topic: the live topic `cards:<id>` refreshes them all. */
export const cardsQuery = () => routeQuery(listCards);

/** Saves a card from its token; the card starts PendingSquareCreation. */
export const addCard = (nonce: string) => api(addCardRoute, { body: { nonce } });

/** The saved cards read so far: the default card first (every page names it), then the others newest first. */
export interface SavedCards {
  cards: Card[];
  defaultCardId: string | null;
  /** The default card in full, whichever page holds it. */
  defaultCard: Card | null;
  /** For every active subscription, not only the cards read so far. */
  expiringBeforeRenewal: ExpiringCard[];
}

function savedCards(pages: CardList[]): SavedCards {
  const first = pages[0]!;
  const seen = new Set<string>();
  const cards = [...(first.defaultCard ? [first.defaultCard] : []), ...pages.flatMap((page) => page.cards)].filter((card) => !seen.has(card.id) && seen.add(card.id));
  return { cards, defaultCardId: first.defaultCardId, defaultCard: first.defaultCard, expiringBeforeRenewal: first.expiringBeforeRenewal };
}

/**
 * How often a card Square is still saving is read again. Its live topic `cards:<id>` refetches it at once when Square
 * has answered, so this only covers an event stream that is down: 2 s keeps that wait short (Square answers a card
 * save within a second or two) without reading the card, or the first page of the list, every second.
 */
export const CARD_SAVING_POLL_MS = 2000;

/** The one "card still being saved" read: the poll interval while any of `cards` is PendingSquareCreation, else false. */
export const refetchWhileSaving = (...cards: (Card | undefined)[]): number | false =>
  cards.some((card) => card?.status === 'PendingSquareCreation') ? CARD_SAVING_POLL_MS : false;

/**
 * The user's saved cards, 25 a page (show `LoadMore` under them), live; while one is still being saved at Square
 * the first page is read again (`refetchWhileSaving`; the new card is the newest).
 */
export function useCards() {
  const queryClient = useQueryClient();
  const cards = usePages(listCards, {}, savedCards);
  const interval = refetchWhileSaving(...(cards.data?.cards ?? []));
  useEffect(() => {
    if (!interval) return;
    const timer = setInterval(() => void refetchFirstPages(queryClient, cardsQuery().queryKey), interval);
    return () => clearInterval(timer);
  }, [interval, queryClient]);
  return cards;
}

/** One card while it is being saved (polled until Square has answered): a refused card is only seen here. */
export function useCard(id: string | null) {
  const queryClient = useQueryClient();
  const card = useQuery({
    ...routeQuery(getCard, { params: { id: id ?? '' } }),
    enabled: id !== null,
    refetchInterval: (query) => refetchWhileSaving(query.state.data),
  });
  // Once Square has answered, the list is read again at once rather than at its own next poll: a card shown as
  // saved must already be one the list offers (to take over a subscription, say).
  const settled = card.data !== undefined && card.data.status !== 'PendingSquareCreation';
  useEffect(() => {
    if (settled) void refetchFirstPages(queryClient, cardsQuery().queryKey);
  }, [settled, id, queryClient]);
  return card;
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    /** A card that pays an active subscription names the card that takes over (`replacementCardId`). */
    mutationFn: ({ id, replacementCardId }: { id: string; replacementCardId?: string }) =>
      api(deleteCard, { params: { id }, query: replacementCardId ? { replacementCardId } : {} }),
    onSettled: () => refetchFirstPages(queryClient, cardsQuery().queryKey),
  });
}

export function useSetDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) => api(setDefaultCard, { body: { cardId } }),
    onSuccess: () => refetchFirstPages(queryClient, cardsQuery().queryKey),
  });
}

/** Chooses which saved card pays a subscription; the subscription and the card list (expiry flags) refresh. */
export function useSetSubscriptionCard(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) => api(setSubscriptionCard, { params: { id: subscriptionId }, body: { cardId } }),
    onSettled: () => Promise.all([refetchFirstPages(queryClient, cardsQuery().queryKey), refetchFirstPages(queryClient, [topics.subscriptions])]),
  });
}

/** "Visa •••• 1111": the default card, which pays any subscription without a card of its own (null: none saved). */
export function useDefaultCardName(): string | null {
  const defaultCard = useCards().data?.defaultCard;
  return defaultCard ? cardName(defaultCard) : null;
}
