import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { PagedList } from '@/components/ui/load-more';

/** How many older pages a conversation reads at most to reach a searched message (25 messages a page). */
const MOST_PAGES = 40;

/**
 * A conversation opened at one of its messages (`#message-ID`, from message search): older pages are read until
 * the message is in, then it is scrolled to the middle of the view and focused, once per link followed. Answers
 * the id of the message to mark.
 */
export function useMessageAnchor(messageIds: string[] | undefined, older: PagedList & { data?: unknown }) {
  const { hash, key } = useLocation();
  const target = hash.startsWith('#message-') ? decodeURIComponent(hash.slice('#message-'.length)) : null;
  const reached = useRef<string | null>(null);
  const pagesRead = useRef(0);
  const found = target !== null && (messageIds?.includes(target) ?? false);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = older;

  useEffect(() => {
    pagesRead.current = 0;
  }, [key]);

  useEffect(() => {
    if (!target || !messageIds || reached.current === key) return;
    if (found) {
      const element = document.getElementById(`message-${target}`);
      if (!element) return;
      reached.current = key;
      element.scrollIntoView({ block: 'center' });
      element.focus({ preventScroll: true });
    } else if (hasNextPage && !isFetchingNextPage && pagesRead.current < MOST_PAGES) {
      pagesRead.current += 1;
      void fetchNextPage();
    }
  }, [target, found, messageIds, key, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return found ? target : null;
}
