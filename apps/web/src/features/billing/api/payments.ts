import { useInfiniteQuery } from '@tanstack/react-query';
import { buildPath } from '@portal/contracts/route';
import { routes } from '@portal/contracts/routes';
import { api, routeQuery } from '@/lib/api-client';

const { listPayments, getReceipt } = routes.billing;

/**
 * UserPayments (spec §3), newest first, 25 a page ("Load more" reads the next by its keyset cursor), live: a
 * payment's topic refetches the pages loaded.
 */
export function usePayments() {
  return useInfiniteQuery({
    queryKey: routeQuery(listPayments).queryKey,
    queryFn: ({ pageParam }) => api(listPayments, { query: pageParam ? { cursor: pageParam } : {} }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: (data) => data.pages.flatMap((page) => page.payments),
  });
}

/** Where a completed payment's receipt PDF downloads from. */
export const receiptHref = (paymentId: string) => buildPath(getReceipt, { id: paymentId });
