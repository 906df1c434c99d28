import { useEffect } from 'react';
import { keepPreviousData, useInfiniteQuery, type InfiniteData, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { RouteDefinition, RouteInput, RouteOutput } from '@portal/contracts/route';
import { api, queryKeyOf } from './api-client';

/** A list read a page at a time: its answer carries `nextCursor` (contracts `pageOf`). */
type PagedRoute = RouteDefinition & { method: 'GET' };
type PageAnswer = { nextCursor: string | null };

/**
 * The first page of a list and "Load more" (keyset cursor, contracts `page.ts`): `select` makes what the page shows
 * of the pages loaded so far, first page first (usually `pages.flatMap((page) => page.rows)`). The key is the
 * route's, so the route's live topic refreshes it, and then only its first page is read again (`firstPageOnly`).
 * `keepPrevious` keeps the list shown while the first page of other filters (a search as it is typed) is on its way.
 * `keepOlder` names the rows of a list whose older pages stay through a live event (a conversation: the reader
 * may be reading them): its first page is read again and put in front of them (`refetchFirstPages`).
 */
export function usePages<R extends PagedRoute, S>(
  route: R,
  input: RouteInput<R>,
  select: (pages: RouteOutput<R>[]) => S,
  options: { enabled?: boolean; retry?: boolean; keepPrevious?: boolean; keepOlder?: RowsKey<RouteOutput<R>> } = {},
) {
  const call = api as (route: R, input: RouteInput<R>) => Promise<RouteOutput<R> & PageAnswer>;
  const query = (input as { query?: Record<string, unknown> }).query ?? {};
  const { keepPrevious, keepOlder, ...queryOptions } = options;
  return useInfiniteQuery({
    // Marked apart from a plain read of the same route, whose cached data is not a list of pages.
    queryKey: [...(queryKeyOf as (route: R, input: RouteInput<R>) => readonly unknown[])(route, input), 'pages'],
    queryFn: ({ pageParam }) => call(route, { ...input, query: pageParam ? { ...query, cursor: pageParam } : query }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: (data) => select(data.pages),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    meta: keepOlder ? ({ keepOlder: { rows: keepOlder, readFirstPage: () => call(route, input) } } satisfies { keepOlder: KeepOlder }) : undefined,
    ...queryOptions,
  });
}

/** The name of a page's rows (`messages`): a key whose value is a list of rows with an id. */
type RowsKey<P> = { [K in keyof P]: P[K] extends { id: string }[] ? K : never }[keyof P] & string;
type Page = Record<string, unknown> & PageAnswer;
interface KeepOlder {
  rows: string;
  readFirstPage: () => Promise<Page>;
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
 * (lists are newest first). "Load more" reads on from there. `except` are left as they are.
 */
export function firstPageOnly(queryClient: QueryClient, queryKey: QueryKey, except: readonly Query[] = []) {
  queryClient.setQueriesData<InfiniteData<unknown, unknown>>(
    { queryKey, predicate: (query) => isPaged(query.state.data) && !except.includes(query) },
    (data) => (data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data),
  );
}

const isPaged = (data: unknown): data is InfiniteData<unknown, unknown> =>
  typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages) && Array.isArray((data as { pageParams?: unknown }).pageParams);

const keepOlderOf = (query: Query) => (query.meta?.keepOlder as KeepOlder | undefined) ?? null;

/**
 * Refetches the reads under `queryKey` after a change, lists only as far as their first page. A list shown now
 * that keeps its older pages (`usePages`' `keepOlder`) has its first page read again and put in front of them.
 */
export function refetchFirstPages(queryClient: QueryClient, queryKey: QueryKey) {
  const kept = queryClient
    .getQueryCache()
    .findAll({ queryKey, type: 'active', predicate: (query) => keepOlderOf(query) !== null && isPaged(query.state.data) });
  firstPageOnly(queryClient, queryKey, kept);
  return Promise.all([
    queryClient.invalidateQueries(kept.length === 0 ? { queryKey } : { queryKey, predicate: (query) => !kept.includes(query) }),
    ...kept.map((query) => refetchFirstPageKeepingOlder(queryClient, query)),
  ]).then(() => undefined);
}

/** The latest read of each kept list's first page: an answer to an earlier read that comes in later is dropped. */
const latestRead = new WeakMap<Query, number>();

async function refetchFirstPageKeepingOlder(queryClient: QueryClient, query: Query) {
  const keep = keepOlderOf(query)!;
  const read = (latestRead.get(query) ?? 0) + 1;
  latestRead.set(query, read);
  let first: Page;
  try {
    first = await keep.readFirstPage();
  } catch {
    // The list may be gone (a 404): refetch it as any other list, so that the page shows what the server says.
    firstPageOnly(queryClient, query.queryKey);
    return queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
  if (latestRead.get(query) !== read) return;
  queryClient.setQueryData<InfiniteData<Page, unknown>>(query.queryKey, (data) => data && withFirstPage(data, first, keep.rows));
}

/**
 * The pages read before with a new first page in front: rows the new first page holds are dropped from the pages
 * after it; the old first page's rows that it no longer holds (newer rows pushed them out) stay as a page of their
 * own, whose cursor still reads on from there. Pages left empty go.
 */
export function withFirstPage(data: InfiniteData<Page, unknown>, first: Page, rows: string): InfiniteData<Page, unknown> {
  const idsOf = (page: Page) => (page[rows] as { id: string }[]).map((row) => row.id);
  const fresh = new Set(idsOf(first));
  const older = data.pages.map((page, i) => ({
    page: { ...page, [rows]: (page[rows] as { id: string }[]).filter((row) => !fresh.has(row.id)) },
    param: data.pageParams[i],
  }));
  // An empty page can go: the page after it carries the cursor, and without one the new first page's cursor is right.
  const kept = older.filter(({ page }) => (page[rows] as unknown[]).length > 0);
  return { pages: [first, ...kept.map(({ page }) => page)], pageParams: [null, ...kept.map(({ param }) => param)] };
}
