import { NavLink } from 'react-router';
import { paths } from '@/lib/paths';

const LINKS = [
  { to: paths.staffInbox(), label: 'Inbox', end: false, match: (path: string) => path === '/staff' || path.startsWith('/staff/chats') },
  { to: paths.staffCustomers(), label: 'Customers', end: false, match: (path: string) => path.startsWith('/staff/customers') },
  { to: paths.staffProjects(), label: 'Projects', end: false, match: (path: string) => path.startsWith('/staff/projects') },
  { to: paths.staffPlans(), label: 'Plans', end: false, match: (path: string) => path.startsWith('/staff/plans') },
  { to: paths.staffBanners(), label: 'Banners', end: false, match: (path: string) => path.startsWith('/staff/banners') },
  { to: paths.staffQuestionnaire(), label: 'Questionnaire', end: false, match: (path: string) => path.startsWith('/staff/questionnaire') },
  { to: paths.staffDeletionRequests(), label: 'Deletion requests', end: false, match: (path: string) => path.startsWith('/staff/deletion-requests') },
];

/** The staff console's sections. */
export function StaffNav({ pathname }: { pathname: string }) {
  return (
    <nav aria-label="Staff" className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-2 sm:px-4">
        {LINKS.map((link) => {
          const current = link.match(pathname);
          return (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                aria-current={current ? 'page' : undefined}
                className={`inline-block whitespace-nowrap border-b-2 px-3 py-3 text-sm font-semibold ${current ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-700 hover:text-slate-900'}`}
              >
                {link.label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
