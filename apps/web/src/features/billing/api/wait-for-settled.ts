import type { QueryClient, QueryKey } from '@tanstack/react-query';

const sameKeyPrefix = (prefix: QueryKey, key: QueryKey) => prefix.every((part, i) => key[i] === part);

/**
 * Reads `queryKey` until `isSettled` says the server has finished (a card saved, a payment charged). It re-reads
 * as soon as a live event invalidates that key, and every few seconds in case the event stream is down.
 */
export function waitForSettled<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  read: () => Promise<T>,
  isSettled: (value: T) => boolean,
  { pollMs = 2500, timeoutMs = 120_000 } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false;
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      unsubscribe();
      clearInterval(poll);
      clearTimeout(deadline);
      settle();
    };
    const check = async () => {
      try {
        const value = await queryClient.fetchQuery({ queryKey, queryFn: read, staleTime: 0 });
        if (isSettled(value)) finish(() => resolve(value));
      } catch (error) {
        finish(() => reject(error));
      }
    };
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate' && sameKeyPrefix(queryKey, event.query.queryKey)) void check();
    });
    const poll = setInterval(() => void check(), pollMs);
    const deadline = setTimeout(() => finish(() => reject(new Error('Timed out waiting for the payment provider.'))), timeoutMs);
    void check();
  });
}
