import { useEffect } from 'react';
import { useInfiniteQuery, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { RouteDefinition, RouteInput, RouteOutput } from '@portal/contracts/route';
import { api, queryKeyOf } from './api-client';

/** A list read a page at a time: its answer carries `nextCursor` (contracts `pageOf`). */
type PagedRoute = RouteDefinition & { method: 'GET' };
type PageAnswer = { nextCursor: string | null };

/**
 * The first page of a list and "Load more" (keyset cursor, contracts `page.ts`): `select` makes what the page shows
 * of the pages loaded so far, first page first (usually `pages.flatMap((page) => page.rows)`). The key is the
 * route's, so the route's live topic refreshes it, and then only its first page is read again (`firstPageOnly`).
 */
export function usePages<R extends PagedRoute, S>(
  route: R,
  input: RouteInput<R>,
  select: (pages: RouteOutput<R>[]) => S,
  options: { enabled?: boolean; retry?: boolean } = {},
) {
  const call = api as (route: R, input: RouteInput<R>) => Promise<RouteOutput<R> & PageAnswer>;
  const query = (input as { query?: Record<string, unknown> }).query ?? {};
  return useInfiniteQuery({
    // Marked apart from a plain read of the same route, whose cached data is not a list of pages.
    queryKey: [...(queryKeyOf as (route: R, input: RouteInput<R>) => readonly unknown[])(route, input), 'pages'],
    queryFn: ({ pageParam }) => call(route, { ...input, query: pageParam ? { ...query, cursor: pageParam } : query }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: (data) => select(data.pages),
    ...options,
  });
}

/**
 * A list that its filter keeps small (the active subscriptions: at most one per plan), read on to its last page,
 * for what must decide on all of it. `complete` says that the last page is in.
 */
export function useEveryPage<R extends PagedRoute, S>(
  route: R,
  input: RouteInput<R>,
  select: (pages: RouteOutput<R>[]) => S,
  options: { enabled?: boolean } = {},
) {
  const pages = usePages(route, input, select, options);
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = pages;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  return { ...pages, complete: pages.isSuccess && !hasNextPage };
}

/**
 * Before a live event refetches the reads under `queryKey`, lists read a page at a time are cut back to their
 * first page: an infinite query refetches every loaded page in turn, and the change shows on the first page anyway
 * (lists are newest first). "Load more" reads on from there.
 */
export function firstPageOnly(queryClient: QueryClient, queryKey: QueryKey) {
  queryClient.setQueriesData<InfiniteData<unknown, unknown>>(
    { queryKey, predicate: (query) => isPaged(query.state.data) },
    (data) => (data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data),
  );
}

const isPaged = (data: unknown): data is InfiniteData<unknown, unknown> =>
  typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages) && Array.isArray((data as { pageParams?: unknown }).pageParams);

/** Refetches the reads under `queryKey` after a change, lists only as far as their first page. */
export function refetchFirstPages(queryClient: QueryClient, queryKey: QueryKey) {
  firstPageOnly(queryClient, queryKey);
  return queryClient.invalidateQueries({ queryKey });
}
