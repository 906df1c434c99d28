import { useQuery } from '@tanstack/react-query';
import type { SessionState } from '@portal/contracts/auth';
import { api } from './api-client';

export const sessionQueryKey = ['session'] as const;

// Typed from the contract without parsing it here, which keeps zod out of the first chunk every page loads.
export const fetchSession = () => api<SessionState>('/api/me');

/** The sign-in state: one query, one fetch function, whoever reads it (the shell, guards or a feature). */
export function useSession() {
  return useQuery<SessionState>({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000 });
}
