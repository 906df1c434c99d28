import { isStaffRole } from '@portal/contracts/route-helpers';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import { NotFound } from './not-found';

/** Signed-out visitors on a signed-in page go to / (spec §6). */
export function RequireUser() {
  const { data } = useSession();
  if (!data?.user) return <Navigate to={paths.home()} replace />;
  return <Outlet />;
}

/** The landing page sends signed-in users on to their dashboard (staff to their inbox). */
export function RedirectSignedIn() {
  const { data } = useSession();
  if (data?.user) return <Navigate to={isStaffRole(data.user.role) ? paths.staffInbox() : paths.dashboard()} replace />;
  return <Outlet />;
}

/** Staff pages: signed-out visitors go to /login, customers get the 404 page (the server refuses them too). */
export function RequireStaff() {
  const { data } = useSession();
  if (!data?.user) return <Navigate to={paths.login()} replace />;
  if (!isStaffRole(data.user.role)) return <NotFound />;
  // The console opens once the second factor is set up (the server refuses staff routes until then).
  if (!data.user.twoFactorEnabled) return <Navigate to={paths.twoFactorSetup()} replace />;
  return <Outlet />;
}
