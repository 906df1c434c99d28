import { useRef, useState } from 'react';
import { ChevronDown, Menu } from 'lucide-react';
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
 * page as current). On a wide screen they all show, wrapping onto a second row. On a phone they would not fit in a
 * row, and a strip scrolling sideways hides most of them: there one "Sections" button names the current section and
 * opens the list of them all, which closes again on Escape or when a section is chosen.
 */
export function StaffNav({ pathname }: { pathname: string }) {
  // Open on the page where it was opened: choosing a section (or any other way to another page) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const button = useRef<HTMLButtonElement>(null);
  const sections = LINKS.map((link) => ({ ...link, current: link.matches ? link.matches(pathname) : pathname.startsWith(link.to) }));
  const current = sections.find((link) => link.current);
  return (
    <nav
      aria-label="Staff"
      className="border-b border-slate-200 bg-white"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="staff-sections"
        onClick={() => setOpen(!open)}
        className="flex w-full items-center gap-2 px-4 py-3 text-left text-sm font-semibold text-slate-800 hover:bg-slate-50 lg:hidden"
      >
        <Menu className="h-5 w-5 shrink-0 text-slate-600" aria-hidden="true" />
        <span className="text-slate-600">Sections</span>
        <span aria-hidden="true" className="text-slate-400">·</span>
        <span className="min-w-0 flex-1 truncate text-brand-800">{current?.label ?? 'Staff'}</span>
        <ChevronDown className={`h-5 w-5 shrink-0 text-slate-600 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      <ul
        id="staff-sections"
        className={`${open ? 'grid' : 'hidden'} mx-auto max-w-6xl grid-cols-2 gap-x-2 border-t border-slate-200 px-2 pb-2 sm:grid-cols-3 sm:px-4 lg:flex lg:flex-wrap lg:gap-1 lg:border-t-0 lg:pb-0`}
      >
        {sections.map((link) => (
          <li key={link.to} className="min-w-0">
            <Link
              to={link.to}
              aria-current={link.current ? 'page' : undefined}
              className={`block truncate border-l-2 px-3 py-3 text-sm font-semibold lg:border-b-2 lg:border-l-0 lg:whitespace-nowrap ${link.current ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-700 hover:text-slate-900'}`}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
