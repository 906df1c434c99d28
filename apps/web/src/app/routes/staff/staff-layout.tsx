import { Outlet, useLocation } from 'react-router';
import { StaffNav } from '@/features/staff/components/staff-nav';

/** The staff console's frame: its sections, then the page. Loaded only when a staff page is first visited. */
export function Component() {
  const { pathname } = useLocation();
  return (
    <>
      <StaffNav pathname={pathname} />
      <Outlet />
    </>
  );
}
