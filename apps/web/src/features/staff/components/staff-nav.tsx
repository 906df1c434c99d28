import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

const LINKS = [
  { to: paths.staffOverview(), label: 'Overview', match: (path: string) => path.startsWith('/staff/overview') },
  { to: paths.staffInbox(), label: 'Inbox', match: (path: string) => path === '/staff' || path.startsWith('/staff/chats') },
  { to: paths.staffCustomers(), label: 'Customers', match: (path: string) => path.startsWith('/staff/customers') },
  { to: paths.staffProjects(), label: 'Projects', match: (path: string) => path.startsWith('/staff/projects') },
  { to: paths.staffPlans(), label: 'Plans', match: (path: string) => path.startsWith('/staff/plans') },
  { to: paths.staffPromoCodes(), label: 'Promo codes', match: (path: string) => path.startsWith('/staff/promo-codes') },
  { to: paths.staffQuestionnaire(), label: 'Questionnaire', match: (path: string) => path.startsWith('/staff/questionnaire') },
  { to: paths.staffStepTemplates(), label: 'Step templates', match: (path: string) => path.startsWith('/staff/step-templates') },
  { to: paths.staffFaqs(), label: 'FAQs', match: (path: string) => path.startsWith('/staff/faqs') },
  { to: paths.staffHelpGuides(), label: 'Help guides', match: (path: string) => path.startsWith('/staff/help-guides') },
  { to: paths.staffBanners(), label: 'Banners', match: (path: string) => path.startsWith('/staff/banners') },
  { to: paths.staffContent(), label: 'Import and export', match: (path: string) => path.startsWith('/staff/content') },
  { to: paths.staffDeletionRequests(), label: 'Deletion requests', match: (path: string) => path.startsWith('/staff/deletion-requests') },
  { to: paths.staffTeam(), label: 'Team', match: (path: string) => path.startsWith('/staff/team') },
];

/**
 * The staff console's sections, the current one marked by its own rule (a `NavLink` to /staff would claim every staff
 * page as current): on a wide screen they wrap onto a second row, so none is hidden; on a phone they
 * scroll sideways, scrolled so that the current section is in view.
 */
export function StaffNav({ pathname }: { pathname: string }) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const current = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list.current || !current) return;
    // The list's own scroll only: scrollIntoView would move the page as well.
    const { offsetLeft, offsetWidth } = current;
    const { scrollLeft, clientWidth } = list.current;
    if (offsetLeft < scrollLeft || offsetLeft + offsetWidth > scrollLeft + clientWidth) list.current.scrollLeft = offsetLeft - 16;
  }, [pathname]);
  return (
    <nav aria-label="Staff" className="border-b border-slate-200 bg-white">
      <ul ref={list} className="relative mx-auto flex max-w-6xl gap-1 overflow-x-auto px-2 sm:px-4 lg:flex-wrap lg:overflow-visible">
        {LINKS.map((link) => {
          const current = link.match(pathname);
          return (
            <li key={link.to}>
              <Link
                to={link.to}
                aria-current={current ? 'page' : undefined}
                className={`inline-block whitespace-nowrap border-b-2 px-3 py-3 text-sm font-semibold ${current ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-700 hover:text-slate-900'}`}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
