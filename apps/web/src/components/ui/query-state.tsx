import type { ReactNode } from 'react';
import { ErrorMessage, StatusMessage } from './page';

/** What QueryState reads of a query: TanStack Query's result fits, and so does anything shaped like it. */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
}

const hasNoItems = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * The one way a page shows a query's pending, error and empty states before its content. A string becomes the
 * standard status or alert message; anything else is shown as given.
 */
export function QueryState<T>({
  query,
  pending,
  error,
  empty,
  isEmpty = hasNoItems,
  children,
}: {
  query: QueryLike<T>;
  /** Shown while the first answer is on its way. */
  pending: ReactNode;
  /** Shown when the query failed; a function receives the error (to tell "not found" from the rest). */
  error: ReactNode | ((error: unknown) => ReactNode);
  /** Shown instead of `children` when `isEmpty(data)`; without it, empty data goes to `children`. */
  empty?: ReactNode;
  /** Whether the data counts as empty; by default, an empty array. */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return typeof pending === 'string' ? <StatusMessage>{pending}</StatusMessage> : pending;
  if (query.isError || query.data === undefined) {
    const shown = typeof error === 'function' ? error(query.error) : error;
    return typeof shown === 'string' ? <ErrorMessage>{shown}</ErrorMessage> : shown;
  }
  if (empty !== undefined && isEmpty(query.data)) return typeof empty === 'string' ? <StatusMessage>{empty}</StatusMessage> : empty;
  return children(query.data);
}
