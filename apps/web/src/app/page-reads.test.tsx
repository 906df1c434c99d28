import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { primePayments, usePayments } from '@/features/billing/api/payments';
import { primeActiveSubscriptions, primeSubscriptions, useActiveSubscriptions, useSubscriptions } from '@/features/subscriptions/api/subscriptions';

/**
 * A route's loader starts its page's first reads while the page's code loads (router.tsx). Each early read must be
 * the very read the page's hook makes (key, input, pages): the hook then shows it without asking the server again.
 */
const answers: Record<string, unknown> = {
  '/api/payments': { payments: [], nextCursor: null },
  '/api/subscriptions': { subscriptions: [], nextCursor: null },
};
const fetchStub = vi.fn(async (url: string) => {
  const answer = answers[new URL(url, 'http://portal.test').pathname];
  return new Response(JSON.stringify(answer), { status: answer ? 200 : 404, headers: { 'content-type': 'application/json' } });
});
vi.stubGlobal('fetch', fetchStub);

afterEach(() => {
  cleanup();
  fetchStub.mockClear();
});

function primedThenShown<T>(prime: (client: QueryClient) => Promise<unknown>, useRead: () => { isSuccess: boolean; data?: T }) {
  return async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 15_000, retry: false } } });
    await prime(client);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const { result } = renderHook(useRead, { wrapper });
    expect(result.current.isSuccess).toBe(true);
    await waitFor(() => expect(result.current.data).toEqual([]));
    expect(fetchStub).toHaveBeenCalledTimes(1);
  };
}

describe('reads started by a route before its page shows', () => {
  it('payment history', primedThenShown(primePayments, usePayments));
  it('my subscriptions', primedThenShown(primeSubscriptions, useSubscriptions));
  it('the active subscriptions the dashboard shows', primedThenShown(primeActiveSubscriptions, useActiveSubscriptions));

  it('is a different read from another list of the same route', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 15_000, retry: false } } });
    await primeSubscriptions(client);
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const { result } = renderHook(useActiveSubscriptions, { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(fetchStub).toHaveBeenCalledTimes(2);
    expect(String(fetchStub.mock.calls[1]![0])).toContain('status=active');
  });
});
