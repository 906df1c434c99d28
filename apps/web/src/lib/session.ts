import { useQuery } from '@tanstack/react-query';
import type { SessionState } from '@portal/contracts/auth';
import { routeQueryKey } from '@portal/contracts/route-helpers';
import { shellEndpoints } from '@portal/contracts/routes/shell';
import { api } from './api-client';

export const sessionQueryKey = routeQueryKey(shellEndpoints.getSession);

// A shell endpoint: typed from the contract without parsing, which keeps zod out of the first chunk every page loads.
export const fetchSession = () => api(shellEndpoints.getSession);

/** The sign-in state: one query, one fetch function, whoever reads it (the shell, guards or a feature). */
export function useSession() {
  return useQuery<SessionState>({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000 });
}
