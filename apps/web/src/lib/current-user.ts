import { skipToken, useQuery } from '@tanstack/react-query';
import type { Me, SessionState } from '@portal/contracts/auth';

/** The key under which the app shell keeps the sign-in state (it fetches and refreshes it). */
const SESSION_KEY = ['session'] as const;

/**
 * The signed-in user, or null, read from the sign-in state the app shell already holds. It never fetches by
 * itself, so features can know who is signed in without depending on the auth feature.
 */
export function useCurrentUser(): Me | null {
  const { data } = useQuery<SessionState>({ queryKey: SESSION_KEY, queryFn: skipToken });
  return data?.user ?? null;
}
