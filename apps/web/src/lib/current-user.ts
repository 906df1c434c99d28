import type { Me } from '@portal/contracts/auth';
import type { RouteAuth } from '@portal/contracts/route';
import { mayCall } from '@portal/contracts/route-helpers';
import { useSession } from './session';

/** The signed-in user, or null, from the sign-in state the app shell already loaded. */
export function useCurrentUser(): Me | null {
  return useSession().data?.user ?? null;
}

/** Whether the signed-in user's role may call a route: the rule the server's guard and the console's sections follow. */
export function useMayCall(route: { readonly auth: RouteAuth }): boolean {
  return mayCall(route, useCurrentUser()?.role ?? 'customer');
}
