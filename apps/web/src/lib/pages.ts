import { useEffect } from 'react';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import type { RouteDefinition, RouteInput, RouteOutput } from '@portal/contracts/route';
import { api, queryKeyOf } from './api-client';
import type { KeepOlder, PageAnswer } from './page-refresh';

/** A list read a page at a time: its answer carries `nextCursor` (contracts `pageOf`). */
type PagedRoute = RouteDefinition & { method: 'GET' };

/**
 * The first page of a list and "Load more" (keyset cursor, contracts `page.ts`): `select` makes what the page shows
 * of the pages loaded so far, first page first (usually `pages.flatMap((page) => page.rows)`). The key is the
 * route's, so the route's live topic refreshes it (`refetchFirstPages`): the pages the reader loaded stay.
 * `keepPrevious` keeps the list shown while the first page of other filters (a search as it is typed) is on its way.
 * `keepOlder` names the rows of a list whose older pages stay through a live event (a conversation: the reader
 * may be reading them): its first page is read again and put in front of them (`refetchFirstPages`, `page-refresh.ts`).
 */
export function usePages<R extends PagedRoute, S>(
  route: R,
  input: RouteInput<R>,
  select: (pages: RouteOutput<R>[]) => S,
  options: PagesOptions<R> & { enabled?: boolean; keepPrevious?: boolean } = {},
) {
  const { keepPrevious, enabled } = options;
  return useInfiniteQuery({
    ...pagesQuery(route, input, options),
    select: (data) => select(data.pages),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    enabled,
  });
}

/** How a list is read, whoever starts the read: `retry`, and `keepOlder` (see `usePages`). */
type PagesOptions<R extends PagedRoute> = { retry?: boolean; keepOlder?: RowsKey<RouteOutput<R>> };

/** The one definition of a list's read (key, pages, cursor), for `usePages` and for a route that starts it early. */
function pagesQuery<R extends PagedRoute>(route: R, input: RouteInput<R>, { retry, keepOlder }: PagesOptions<R>) {
  const call = api as (route: R, input: RouteInput<R>) => Promise<RouteOutput<R> & PageAnswer>;
  const query = (input as { query?: Record<string, unknown> }).query ?? {};
  return infiniteQueryOptions({
    // Marked apart from a plain read of the same route, whose cached data is not a list of pages.
    queryKey: [...(queryKeyOf as (route: R, input: RouteInput<R>) => readonly unknown[])(route, input), 'pages'],
    queryFn: ({ pageParam }) => call(route, { ...input, query: pageParam ? { ...query, cursor: pageParam } : query }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: keepOlder ? ({ keepOlder: { rows: keepOlder, readFirstPage: () => call(route, input) } } satisfies { keepOlder: KeepOlder }) : undefined,
    ...(retry === undefined ? {} : { retry }),
  });
}

/**
 * Starts reading a list's first page before its page is shown (a route's loader, while the page's code loads), as
 * `usePages` with the same route, input and options reads it: the page then finds it in the cache or on its way.
 */
export function primePages<R extends PagedRoute>(queryClient: QueryClient, route: R, input: RouteInput<R>, options: PagesOptions<R> = {}) {
  return queryClient.prefetchInfiniteQuery(pagesQuery(route, input, options));
}

/** The name of a page's rows (`messages`): a key whose value is a list of rows with an id. */
type RowsKey<P> = { [K in keyof P]: P[K] extends { id: string }[] ? K : never }[keyof P] & string;

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
