import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/** A section is current on its own path and the pages under it, unless it says otherwise (`matches`). */
const LINKS: { to: string; label: string; matches?: (path: string) => boolean }[] = [
  { to: paths.staffOverview(), label: 'Overview' },
  { to: paths.staffInbox(), label: 'Inbox', matches: (path: string) => path === '/staff' || path.startsWith('/staff/chats') },
  { to: paths.staffCustomers(), label: 'Customers' },
  { to: paths.staffProjects(), label: 'Projects' },
  { to: paths.staffPlans(), label: 'Plans' },
  { to: paths.staffPromoCodes(), label: 'Promo codes' },
  { to: paths.staffQuestionnaire(), label: 'Questionnaire' },
  { to: paths.staffStepTemplates(), label: 'Step templates' },
  { to: paths.staffFaqs(), label: 'FAQs' },
  { to: paths.staffHelpGuides(), label: 'Help guides' },
  { to: paths.staffBanners(), label: 'Banners' },
  { to: paths.staffPortfolio(), label: 'Portfolio' },
  { to: paths.staffTrustedBy(), label: 'Trusted by' },
  { to: paths.staffContent(), label: 'Import and export' },
  { to: paths.staffDeletionRequests(), label: 'Deletion requests' },
  { to: paths.staffTeam(), label: 'Team' },
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
          const current = link.matches ? link.matches(pathname) : pathname.startsWith(link.to);
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
