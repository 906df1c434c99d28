import { NavLink } from 'react-router';
import { paths } from '@/lib/paths';

const LINKS = [
  { to: paths.staffOverview(), label: 'Overview', end: false, match: (path: string) => path.startsWith('/staff/overview') },
  { to: paths.staffInbox(), label: 'Inbox', end: false, match: (path: string) => path === '/staff' || path.startsWith('/staff/chats') },
  { to: paths.staffCustomers(), label: 'Customers', end: false, match: (path: string) => path.startsWith('/staff/customers') },
  { to: paths.staffProjects(), label: 'Projects', end: false, match: (path: string) => path.startsWith('/staff/projects') },
  { to: paths.staffPlans(), label: 'Plans', end: false, match: (path: string) => path.startsWith('/staff/plans') },
  { to: paths.staffPromoCodes(), label: 'Promo codes', end: false, match: (path: string) => path.startsWith('/staff/promo-codes') },
  { to: paths.staffQuestionnaire(), label: 'Questionnaire', end: false, match: (path: string) => path.startsWith('/staff/questionnaire') },
  { to: paths.staffStepTemplates(), label: 'Step templates', end: false, match: (path: string) => path.startsWith('/staff/step-templates') },
  { to: paths.staffFaqs(), label: 'FAQs', end: false, match: (path: string) => path.startsWith('/staff/faqs') },
  { to: paths.staffHelpGuides(), label: 'Help guides', end: false, match: (path: string) => path.startsWith('/staff/help-guides') },
  { to: paths.staffBanners(), label: 'Banners', end: false, match: (path: string) => path.startsWith('/staff/banners') },
  { to: paths.staffContent(), label: 'Import and export', end: false, match: (path: string) => path.startsWith('/staff/content') },
  { to: paths.staffDeletionRequests(), label: 'Deletion requests', end: false, match: (path: string) => path.startsWith('/staff/deletion-requests') },
  { to: paths.staffTeam(), label: 'Team', end: false, match: (path: string) => path.startsWith('/staff/team') },
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
