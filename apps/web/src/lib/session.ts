import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionState } from '@portal/contracts/auth';
import { routeQueryKey } from '@portal/contracts/route-helpers';
import { shellEndpoints } from '@portal/contracts/routes/shell';
import { api } from './api-client';
import { SIGNED_OUT_MARK } from './signed-out-mark';

export const sessionQueryKey = routeQueryKey(shellEndpoints.getSession);

// A shell endpoint: typed from the contract without parsing, which keeps zod out of the first chunk every page loads.
export const fetchSession = () => api(shellEndpoints.getSession);

/** How long a sign-in state read stays fresh (live events and sign-in changes refresh it sooner). */
export const SESSION_STALE_MS = 60_000;

/** The sign-in state: one query, one fetch function, whoever reads it (the shell, guards or a feature). */
export function useSession() {
  return useQuery<SessionState>({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: SESSION_STALE_MS });
}

/** The sign-in state of someone signed out. */
export const SIGNED_OUT: SessionState = { user: null, landing: null };

/**
 * A page the server sent to a visitor with no session cookie says so: the sign-in state is known before the app
 * starts, and public pages render at once instead of after "Loading Application...".
 */
export function adoptSignedOutMark(queryClient: QueryClient) {
  const selector = `meta[name="${SIGNED_OUT_MARK.name}"][content="${SIGNED_OUT_MARK.content}"]`;
  if (document.querySelector(selector)) queryClient.setQueryData(sessionQueryKey, SIGNED_OUT);
}
