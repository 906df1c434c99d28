import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { topicRoot } from '@portal/contracts/events';

/**
 * Opens the live event stream and turns each topic into a refetch of the queries whose key starts with the
 * topic's root ("payments:ID" refetches every ["payments", ...] query). After a reconnect anything may have
 * been missed, so everything shown is refetched. `identity` reopens the stream when the signed-in user changes.
 */
export function useLiveEvents(queryClient: QueryClient, identity: string) {
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    let dropped = false;
    source.onmessage = (event) => {
      try {
        const { topic } = JSON.parse(event.data as string) as { topic: string };
        void queryClient.invalidateQueries({ queryKey: [topicRoot(topic)] });
      } catch {
        // A malformed hint is ignored; the next one or a reconnect refreshes the page's data.
      }
    };
    source.onerror = () => {
      dropped = true;
    };
    source.onopen = () => {
      if (dropped) void queryClient.invalidateQueries();
      dropped = false;
    };
    return () => source.close();
  }, [queryClient, identity]);
}
