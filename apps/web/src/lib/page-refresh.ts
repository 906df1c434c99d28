import type { InfiniteData, Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * What a change does to the lists read a page at a time (`usePages`, `pages.ts`): kept apart from those hooks
 * because the live event stream, which every page loads, needs only this.
 */
export type PageAnswer = { nextCursor: string | null };
export type Page = Record<string, unknown> & PageAnswer;
export interface KeepOlder {
  rows: string;
  readFirstPage: () => Promise<Page>;
}

/**
 * Before a live event refetches the reads under `queryKey`, lists read a page at a time that nobody is reading are
 * cut back to their first page: an infinite query refetches every loaded page in turn, and the change shows on the
 * first page anyway (lists are newest first). "Load more" reads on from there. `except` are left as they are.
 */
export function firstPageOnly(queryClient: QueryClient, queryKey: QueryKey, except: readonly Query[] = [], only: (query: Query) => boolean = () => true) {
  queryClient.setQueriesData<InfiniteData<unknown, unknown>>(
    { queryKey, predicate: (query) => only(query) && isPaged(query.state.data) && !except.includes(query) },
    (data) => (data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data),
  );
}

const isPaged = (data: unknown): data is InfiniteData<unknown, unknown> =>
  typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages) && Array.isArray((data as { pageParams?: unknown }).pageParams);

const loadingMore = (query: Query) => query.state.fetchStatus === 'fetching' && query.state.fetchMeta?.fetchMore !== undefined;

const keepOlderOf = (query: Query) => (query.meta?.keepOlder as KeepOlder | undefined) ?? null;

/**
 * Refetches the reads under `queryKey` (of them, those `only` takes) after a change. A list shown now that keeps its older pages (`usePages`'
 * `keepOlder`) has its first page read again and put in front of them; another list shown now with more than one
 * page loaded, or with a "Load more" on its way, reads every page again once that page is in, so that the reader
 * keeps their place (a plain refetch would cancel the "Load more"); every other list goes back to its first page.
 */
export function refetchFirstPages(queryClient: QueryClient, queryKey: QueryKey, only: (query: Query) => boolean = () => true) {
  const shown = queryClient.getQueryCache().findAll({ queryKey, type: 'active', predicate: (query) => only(query) && isPaged(query.state.data) });
  const kept = shown.filter((query) => keepOlderOf(query) !== null);
  const whole = shown.filter((query) => keepOlderOf(query) === null && ((query.state.data as InfiniteData<unknown>).pages.length > 1 || loadingMore(query)));
  const apart = [...kept, ...whole];
  firstPageOnly(queryClient, queryKey, apart, only);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey, predicate: (query) => only(query) && !apart.includes(query) }),
    ...kept.map((query) => refetchFirstPageKeepingOlder(queryClient, query)),
    ...whole.map((query) => refetchEveryPage(queryClient, query)),
  ]).then(() => undefined);
}

/**
 * Reads every loaded page of a list again, after the "Load more" under way if there is one: a refetch would cancel
 * it. A "Load more" pressed during the refetch cancels the refetch instead, so it is done again after that page.
 */
async function refetchEveryPage(queryClient: QueryClient, query: Query) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    while (loadingMore(query)) await query.promise?.catch(() => undefined);
    const before = query.state.dataUpdatedAt;
    await queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    if (!loadingMore(query) && query.state.dataUpdatedAt !== before) return;
  }
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
