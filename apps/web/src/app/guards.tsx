import { Navigate, Outlet } from 'react-router';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';

/** Signed-out visitors on a signed-in page go to / (spec §6). */
export function RequireUser() {
  const { data } = useSession();
  if (!data?.user) return <Navigate to={paths.home()} replace />;
  return <Outlet />;
}

/** The landing page sends signed-in users on to their dashboard. */
export function RedirectSignedIn() {
  const { data } = useSession();
  if (data?.user) return <Navigate to={paths.dashboard()} replace />;
  return <Outlet />;
}
