import { describe, expect, it, vi } from 'vitest';
import { InfiniteQueryObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import { wholeChat } from '@portal/contracts/support';
import { refetchFirstPages, withFirstPage } from './page-refresh';

// A conversation of messages m00..m40, newest page first, each page oldest first (like GET /api/support/chats/:id).
const message = (n: number) => ({ id: `m${String(n).padStart(2, '0')}` });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
const page = (from: number, to: number, nextCursor: string | null, status = 'OPEN') => ({ status, messages: range(from, to), nextCursor });
type ChatPage = ReturnType<typeof page>;
const ids = (pages: ChatPage[]) => wholeChat(pages).messages.map((m) => m.id);

// Read so far: the newest page (m16..m40) and the one before it (m00..m15).
const loaded = (): InfiniteData<ChatPage, unknown> => ({ pages: [page(16, 40, 'c16'), page(0, 15, null)], pageParams: [null, 'c16'] });

describe('withFirstPage', () => {
  it('puts the new first page in front and keeps every older message once, with no gap at the old boundary', () => {
    // Two messages arrived: the new first page is m18..m42; m16 and m17 are on neither new page.
    const next = withFirstPage(loaded(), page(18, 42, 'c18'), 'messages') as InfiniteData<ChatPage, unknown>;
    expect(ids(next.pages)).toEqual(range(0, 42).map((m) => m.id));
    expect(next.pages.map((p) => p.messages.length)).toEqual([25, 2, 16]);
    // Loading on still reads from the last page read before.
    expect(next.pages.at(-1)?.nextCursor).toBeNull();
    expect(next.pageParams).toEqual([null, null, 'c16']);
  });

  it('drops a page the new first page holds whole, and takes the chat as the new first page says', () => {
    const next = withFirstPage(loaded(), page(16, 40, 'c16', 'CLOSED'), 'messages') as InfiniteData<ChatPage, unknown>;
    expect(next.pages.map((p) => p.messages.length)).toEqual([25, 16]);
    expect(wholeChat(next.pages).status).toBe('CLOSED');
  });
});

describe('refetchFirstPages', () => {
  it('reads only the first page of a conversation shown now and keeps its older pages; other lists go back to their first page', async () => {
    const client = new QueryClient();
    const readFirstPage = vi.fn().mockResolvedValue(page(17, 41, 'c17'));
    const queryFn = vi.fn();
    const conversation = new InfiniteQueryObserver(client, {
      queryKey: ['chats', 'c1', 'pages'],
      queryFn,
      initialPageParam: null,
      getNextPageParam: (last: ChatPage) => last.nextCursor,
      meta: { keepOlder: { rows: 'messages', readFirstPage } },
      staleTime: Infinity,
    });
    client.setQueryData(['chats', 'c1', 'pages'], loaded());
    client.setQueryData(['chats', 'pages'], { pages: [{ n: 1 }, { n: 2 }], pageParams: [null, 'x'] });
    const unsubscribe = conversation.subscribe(() => {});
    vi.spyOn(client, 'invalidateQueries').mockResolvedValue();

    await refetchFirstPages(client, ['chats']);
    expect(readFirstPage).toHaveBeenCalledTimes(1);
    expect(queryFn).not.toHaveBeenCalled();
    const shown = client.getQueryData<InfiniteData<ChatPage, unknown>>(['chats', 'c1', 'pages'])!;
    expect(ids(shown.pages)).toEqual(range(0, 41).map((m) => m.id));
    expect(client.getQueryData(['chats', 'pages'])).toEqual({ pages: [{ n: 1 }], pageParams: [null] });
    unsubscribe();
  });
});

describe('refetchFirstPages on a list shown with more than one page', () => {
  // A list of rows r1..r60, newest first, 25 a page; `list` is what the server holds now.
  const rowsPage = (list: number[], cursor: string | null) => {
    const from = cursor === null ? 0 : list.indexOf(Number(cursor)) + 1;
    const rows = list.slice(from, from + 25);
    return { rows, nextCursor: from + 25 < list.length ? String(rows.at(-1)) : null };
  };
  const shownList = (server: { list: number[]; delay: number }) => {
    const client = new QueryClient();
    const queryFn = vi.fn(async ({ pageParam }: { pageParam: string | null }) => {
      await new Promise((resolve) => setTimeout(resolve, server.delay));
      return rowsPage(server.list, pageParam);
    });
    const observer = new InfiniteQueryObserver(client, {
      queryKey: ['customers', 'pages'],
      queryFn,
      initialPageParam: null as string | null,
      getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => {});
    const rows = () => client.getQueryData<InfiniteData<{ rows: number[] }>>(['customers', 'pages'])!.pages.flatMap((p) => p.rows);
    return { client, observer, queryFn, unsubscribe, rows };
  };
  const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => to - i);

  it('reads every page again, so the reader keeps the rows they loaded and sees the change', async () => {
    const server = { list: numbers(1, 60), delay: 1 };
    const { client, observer, queryFn, unsubscribe, rows } = shownList(server);
    await observer.refetch();
    await observer.fetchNextPage();
    expect(rows()).toHaveLength(50);
    server.list = numbers(1, 61);
    queryFn.mockClear();
    await refetchFirstPages(client, ['customers']);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(rows()).toEqual(numbers(12, 61));
    unsubscribe();
  });

  it('lets the first "Load more" finish, then reads both pages again', async () => {
    const server = { list: numbers(1, 60), delay: 5 };
    const { client, observer, unsubscribe, rows } = shownList(server);
    await observer.refetch();
    const more = observer.fetchNextPage();
    server.list = numbers(1, 61);
    await refetchFirstPages(client, ['customers']);
    await more;
    expect(rows()).toEqual(numbers(12, 61));
    unsubscribe();
  });

  it('lets a "Load more" under way finish, then reads every page again', async () => {
    const server = { list: numbers(1, 60), delay: 5 };
    const { client, observer, unsubscribe, rows } = shownList(server);
    await observer.refetch();
    await observer.fetchNextPage();
    const more = observer.fetchNextPage();
    server.list = numbers(1, 61);
    await refetchFirstPages(client, ['customers']);
    await more;
    expect(rows()).toEqual(numbers(1, 61));
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    unsubscribe();
  });
});
