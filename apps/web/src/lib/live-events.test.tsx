import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { useLiveEvents } from './live-events';
import { sessionQueryKey } from './session';
import { TYPING_EVENT } from './typing-event';

class FakeEventSource {
  static last: FakeEventSource | undefined;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onopen: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  close() {
    this.closed = true;
  }
}

describe('useLiveEvents', () => {
  beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
  afterEach(() => vi.unstubAllGlobals());

  it('refetches the queries named by a topic root, and everything after a reconnect', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const { unmount } = renderHook(() => useLiveEvents(client, 'user-1'));
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/events');

    source.onmessage!({ data: JSON.stringify({ topic: 'payments:42' }) });
    expect(invalidate).toHaveBeenLastCalledWith(expect.objectContaining({ queryKey: ['payments'] }));

    source.onmessage!({ data: 'not json' });
    expect(invalidate).toHaveBeenCalledTimes(1);

    source.onopen!();
    expect(invalidate).toHaveBeenCalledTimes(1);
    source.onerror!();
    source.onopen!();
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(invalidate).toHaveBeenLastCalledWith(expect.objectContaining({ queryKey: [] }));

    unmount();
    expect(source.closed).toBe(true);
  });

  it("cuts a list read a page at a time back to its first page, so that only that page is read again", () => {
    const client = new QueryClient();
    vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    client.setQueryData(['payments', 'pages'], { pages: [{ n: 1 }, { n: 2 }, { n: 3 }], pageParams: [null, 'a', 'b'] });
    client.setQueryData(['chats', 'pages'], { pages: [{ n: 1 }, { n: 2 }], pageParams: [null, 'c'] });
    renderHook(() => useLiveEvents(client, 'user-1'));
    FakeEventSource.last!.onmessage!({ data: JSON.stringify({ topic: 'payments:42' }) });
    expect(client.getQueryData(['payments', 'pages'])).toEqual({ pages: [{ n: 1 }], pageParams: [null] });
    expect(client.getQueryData(['chats', 'pages'])).toEqual({ pages: [{ n: 1 }, { n: 2 }], pageParams: [null, 'c'] });
  });

  it('reads again, once, what was read or being read before the stream first listened, and nothing read after', async () => {
    const client = new QueryClient();
    const read = (key: string, delay: number) => {
      const queryFn = vi.fn(() => new Promise((resolve) => setTimeout(() => resolve(key), delay)));
      const observer = new QueryObserver(client, { queryKey: [key], queryFn, staleTime: Infinity });
      return { queryFn, unsubscribe: observer.subscribe(() => {}), observer };
    };
    // The sign-in state a page was served with is no read, and the stream opened for it: it is left as it is.
    client.setQueryData(sessionQueryKey, { user: null, landing: null });
    const done = read('done', 0);
    await vi.waitFor(() => expect(done.observer.getCurrentResult().isSuccess).toBe(true));
    const inFlight = read('in-flight', 20);
    renderHook(() => useLiveEvents(client, 'user-1'));
    const source = FakeEventSource.last!;
    source.onopen!();
    const after = read('after', 0);
    await vi.waitFor(() => expect(done.queryFn).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(inFlight.queryFn).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(after.observer.getCurrentResult().isSuccess).toBe(true));
    // A later open after no drop reads nothing again.
    source.onopen!();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(done.queryFn).toHaveBeenCalledTimes(2);
    expect(inFlight.queryFn).toHaveBeenCalledTimes(2);
    expect(after.queryFn).toHaveBeenCalledTimes(1);
    for (const query of [done, inFlight, after]) query.unsubscribe();
    expect(client.getQueryState(sessionQueryKey)?.isInvalidated).toBe(false);
    expect(client.getQueryState(sessionQueryKey)?.dataUpdateCount).toBe(1);
  });

  it('turns a typing topic into a window event and refetches nothing for it', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const heard: string[] = [];
    const listener = (event: Event) => heard.push((event as CustomEvent<string>).detail);
    window.addEventListener(TYPING_EVENT, listener);
    renderHook(() => useLiveEvents(client, 'user-1'));
    FakeEventSource.last!.onmessage!({ data: JSON.stringify({ topic: 'typing:chat-1:support' }) });
    window.removeEventListener(TYPING_EVENT, listener);
    expect(heard).toEqual(['typing:chat-1:support']);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('reopens the stream when the signed-in user changes', () => {
    const client = new QueryClient();
    const { rerender } = renderHook(({ who }) => useLiveEvents(client, who), { initialProps: { who: 'guest' } });
    const first = FakeEventSource.last!;
    rerender({ who: 'user-2' });
    expect(first.closed).toBe(true);
    expect(FakeEventSource.last).not.toBe(first);
  });
});
