import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { useHashTarget } from '@/lib/hash-target';
import { useLiveEvents } from '@/lib/live-events';
import { ReauthenticationHost } from './reauthentication-host';

/**
 * Holds the whole app until the sign-in state is known, keeps the live event stream open, and asks for the password
 * again when a sensitive change needs it.
 */
export function Root() {
  const session = useSession();
  const queryClient = useQueryClient();
  const location = useLocation();
  const user = session.data?.user;
  // The server decides what a stream carries when it opens (staff topics once staff rights and the second factor
  // are both there): a change of either opens it again.
  useLiveEvents(queryClient, user ? `${user.id}:${user.role}:${user.twoFactorEnabled}` : 'guest');
  useEffect(() => {
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location.pathname]);
  useHashTarget(location.hash, location.pathname);

  if (session.isPending) {
    return (
      <div role="status" className="flex min-h-screen items-center justify-center text-lg font-semibold text-slate-700">
        Loading Application...
      </div>
    );
  }
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <ReauthenticationHost />
    </>
  );
}
