import type { Me } from '@portal/contracts/auth';
import { useSession } from './session';

/** The signed-in user, or null, from the sign-in state the app shell already loaded. */
export function useCurrentUser(): Me | null {
  return useSession().data?.user ?? null;
}
