import { Outlet, useLocation } from 'react-router';
import { mayCall } from '@portal/contracts/route-helpers';
import { Page } from '@/components/ui/page';
import { InboxAlerts } from '@/features/support/components/inbox-alerts';
import { sectionOf, StaffNav } from '@/features/staff/components/staff-nav';
import { useCurrentUser } from '@/lib/current-user';

/**
 * The staff console's frame: the sections the reader's role may open, then the page. A page of a section the role
 * may not open (an admin's page reached by its address) says so rather than failing on its data, which the server
 * refuses anyway. Loaded only when a staff page is first visited.
 */
export function Component() {
  const { pathname } = useLocation();
  const role = useCurrentUser()?.role ?? 'customer';
  const section = sectionOf(pathname);
  return (
    <>
      <InboxAlerts />
      <StaffNav pathname={pathname} role={role} />
      {section && !mayCall(section.route, role) ? (
        <Page title={section.label}>
          <p role="alert" className="text-slate-700">
            This page is for admins. Ask an admin of your team if you need something done here.
          </p>
        </Page>
      ) : (
        <Outlet />
      )}
    </>
  );
}
