import { useEffect } from 'react';
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { topicQueryKey, topicRoot } from '@portal/contracts/topics';
import { shellEndpoints } from '@portal/contracts/routes/shell';
import { refetchFirstPages } from './page-refresh';
import { sessionQueryKey } from './session';
import { TYPING_EVENT } from './typing-event';

/**
 * Opens the live event stream and refetches the reads a topic affects. A read's query key starts with its route's
 * topic root (`routeQueryKey`), and a topic names the root it invalidates (`topicQueryKey`): "payments:ID"
 * refetches every read of a route whose topic is `payments`. After a reconnect anything may have been missed, so
 * everything shown is refetched; a list read a page at a time keeps the pages shown (`refetchFirstPages`). A read
 * made before the stream first listened may have missed a change too: it is read again once (`refetchReadBeforeListening`).
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
    let opened = false;
    source.onopen = () => {
      if (!opened) void refetchReadBeforeListening(queryClient);
      else if (dropped) void refetchFirstPages(queryClient, []);
      opened = true;
      dropped = false;
    };
    return () => source.close();
  }, [queryClient, identity]);
}

/**
 * The page's first reads and the stream start together, so a change made between a read and the moment the stream
 * listened has no event: what was read, or was being read, when the stream opened is read again once it is in. The
 * sign-in state is not: the stream was opened for it (`identity`), and a visitor's was known without a read.
 */
async function refetchReadBeforeListening(queryClient: QueryClient) {
  const openedAt = Date.now();
  const cache = queryClient.getQueryCache();
  const session = hashKey(sessionQueryKey);
  const inFlight = cache.findAll({ fetchStatus: 'fetching', predicate: (query) => query.queryHash !== session });
  await Promise.all(inFlight.map((query) => query.promise?.catch(() => undefined)));
  const readBefore = cache.findAll({
    predicate: (query) => inFlight.includes(query) || (query.queryHash !== session && query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt <= openedAt),
  });
  if (readBefore.length > 0) await refetchFirstPages(queryClient, [], (query) => readBefore.includes(query));
}
