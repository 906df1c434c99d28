import type { QueryClient } from '@tanstack/react-query';
import type { Me, SessionState } from '@portal/contracts/auth';
import { sessionQueryKey as sessionKey } from '@/lib/session';

/** Puts the saved profile into the sign-in state, which the header reads, so that it shows at once; then refreshes it. */
export async function showProfile(queryClient: QueryClient, me: Me) {
  queryClient.setQueryData<SessionState>(sessionKey, (state) => (state ? { ...state, user: me } : state));
  await queryClient.invalidateQueries({ queryKey: sessionKey });
}
