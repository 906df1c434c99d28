import { Button } from './button';

/** What LoadMore reads of a list read a page at a time (`usePages`). */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * "Load more" under a list read a page at a time; shown only while another page exists. `label` says what it
 * loads, for lists where "more" would be unclear. While the page loads the button says so and stays in place, so
 * that focus is not lost.
 */
export function LoadMore({ list, label = 'Load more', className = 'mt-4' }: { list: PagedList; label?: string; className?: string }) {
  if (!list.hasNextPage) return null;
  return (
    <div className={`flex justify-center ${className}`}>
      <Button
        variant="secondary"
        onClick={() => {
          if (!list.isFetchingNextPage) void list.fetchNextPage();
        }}
        aria-disabled={list.isFetchingNextPage}
        aria-busy={list.isFetchingNextPage}
        // A disabled button would drop keyboard focus to the page; this one ignores presses while loading instead.
        className={list.isFetchingNextPage ? 'cursor-wait' : ''}
      >
        {list.isFetchingNextPage ? 'Loading...' : label}
      </Button>
    </div>
  );
}
