import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Card } from '@portal/contracts/billing';

const refetchFirstPages = vi.fn(async () => {});
vi.mock('@/lib/page-refresh', () => ({ refetchFirstPages: (...args: unknown[]) => refetchFirstPages(...(args as [])) }));
vi.mock('@/lib/pages', () => ({ usePages: vi.fn() }));

const { CARD_SAVING_POLL_MS, cardsQuery, refetchWhileSaving, useCard } = await import('./cards');
const { queryKeyOf } = await import('@/lib/api-client');
const { routes } = await import('@portal/contracts/routes');

afterEach(() => {
  cleanup();
  refetchFirstPages.mockClear();
});

const card = (status: Card['status']): Card => ({
  id: 'card-1',
  status,
  brand: 'MASTERCARD',
  last4: '5100',
  expMonth: 12,
  expYear: 2030,
  failureReason: null,
  usable: status === 'Complete',
  createdAt: 0,
});

function renderCard(status: Card['status']) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeyOf(routes.billing.getCard, { params: { id: 'card-1' } }), card(status));
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  return renderHook(() => useCard('card-1'), { wrapper });
}

describe('a card being saved', () => {
  it('reads the card list again as soon as Square has answered, not at the list’s own next poll', async () => {
    renderCard('Complete');
    await waitFor(() => expect(refetchFirstPages).toHaveBeenCalledWith(expect.anything(), cardsQuery().queryKey));
  });

  it('leaves the list alone while the card is still being saved', async () => {
    const { result } = renderCard('PendingSquareCreation');
    await waitFor(() => expect(result.current.data?.status).toBe('PendingSquareCreation'));
    expect(refetchFirstPages).not.toHaveBeenCalled();
  });
});

describe('the one read of a card still being saved', () => {
  it('polls while any card is still being saved, and stops once Square has answered them all', () => {
    expect(refetchWhileSaving(card('Complete'), card('PendingSquareCreation'))).toBe(CARD_SAVING_POLL_MS);
    expect(refetchWhileSaving(card('Complete'), card('Error'))).toBe(false);
    expect(refetchWhileSaving(undefined)).toBe(false);
    expect(refetchWhileSaving()).toBe(false);
  });
});
