import { QueryClient } from '@tanstack/react-query';
import { adoptSignedOutMark, fetchSession, sessionQueryKey, SESSION_STALE_MS } from '@/lib/session';

/** The app's one query cache: the pages read through it, and the routes' loaders start their reads in it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 },
  },
});

adoptSignedOutMark(queryClient);
// The sign-in state is asked for as the app starts, beside the first page's code, not once that code has loaded: the
// router loads a page's code before it shows anything, and every signed-in page waits for this answer.
void queryClient.prefetchQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: SESSION_STALE_MS });
