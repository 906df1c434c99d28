import type { QueryClient } from '@tanstack/react-query';
import type { Me, SessionState } from '@portal/contracts/auth';

/** The app shell's sign-in state; the header reads the name and photo from it. */
export const sessionKey = ['session'] as const;

/** Puts the saved profile into the sign-in state so that the header shows it at once, then refreshes it. */
export async function showProfile(queryClient: QueryClient, me: Me) {
  queryClient.setQueryData<SessionState>(sessionKey, (state) => (state ? { ...state, user: me } : state));
  await queryClient.invalidateQueries({ queryKey: sessionKey });
}
