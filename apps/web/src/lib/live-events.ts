import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { topicQueryKey, topicRoot } from '@portal/contracts/topics';
import { shellEndpoints } from '@portal/contracts/routes/shell';
import { refetchFirstPages } from './page-refresh';
import { TYPING_EVENT } from './typing-event';

/**
 * Opens the live event stream and refetches the reads a topic affects. A read's query key starts with its route's
 * topic root (`routeQueryKey`), and a topic names the root it invalidates (`topicQueryKey`): "payments:ID"
 * refetches every read of a route whose topic is `payments`. After a reconnect anything may have been missed, so
 * everything shown is refetched; a list read a page at a time keeps the pages shown (`refetchFirstPages`).
 * `identity` reopens the stream when the signed-in user, or what they may see, changes.
 */
export function useLiveEvents(queryClient: QueryClient, identity: string) {
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(shellEndpoints.liveEvents.path);
    let dropped = false;
    source.onmessage = (event) => {
      try {
        const { topic } = JSON.parse(event.data as string) as { topic: string };
        if (topicRoot(topic) === 'typing') return void window.dispatchEvent(new CustomEvent(TYPING_EVENT, { detail: topic }));
        void refetchFirstPages(queryClient, topicQueryKey(topic));
      } catch {
        // A malformed hint is ignored; the next one or a reconnect refreshes the page's data.
      }
    };
    source.onerror = () => {
      dropped = true;
    };
    source.onopen = () => {
      if (dropped) void refetchFirstPages(queryClient, []);
      dropped = false;
    };
    return () => source.close();
  }, [queryClient, identity]);
}
