import { useRef, useState } from 'react';
import { ChevronDown, Menu } from 'lucide-react';
import { Link } from 'react-router';
import type { Role } from '@portal/contracts/auth';
import type { RouteAuth } from '@portal/contracts/route';
import { mayCall } from '@portal/contracts/route-helpers';
import { routes } from '@portal/contracts/routes';
import { paths } from '@/lib/paths';

/**
 * The console's sections. Each names the route its page stands on: a section shows only to a role that may call it
 * (contracts `mayCall`, the rule the server's guard follows), and is current on its own path and the pages under it
 * unless it says otherwise (`matches`).
 */
export interface StaffSection {
  to: string;
  label: string;
  route: { readonly auth: RouteAuth };
  matches?: (path: string) => boolean;
}

const { staff, support, account, plans, projects, billing, onboarding, help, content } = routes;
export const STAFF_SECTIONS: StaffSection[] = [
  { to: paths.staffOverview(), label: 'Overview', route: staff.getStaffOverview },
  { to: paths.staffInbox(), label: 'Inbox', route: support.listStaffChats, matches: (path: string) => path === '/staff' || path.startsWith('/staff/chats') },
  { to: paths.staffSavedReplies(), label: 'Saved replies', route: support.listSavedReplies },
  { to: paths.staffInboxSettings(), label: 'Alerts', route: support.updateAlertPreferences },
  { to: paths.staffCustomers(), label: 'Customers', route: staff.listStaffCustomers },
  { to: paths.staffProjects(), label: 'Projects', route: projects.listStaffProjects },
  { to: paths.staffPlans(), label: 'Plans', route: plans.listStaffPlans },
  { to: paths.staffPromoCodes(), label: 'Promo codes', route: billing.listStaffPromoCodes },
  { to: paths.staffQuestionnaire(), label: 'Questionnaire', route: onboarding.listStaffQuestions },
  { to: paths.staffStepTemplates(), label: 'Step templates', route: onboarding.listStepTemplates },
  { to: paths.staffStageTemplates(), label: 'Stage templates', route: projects.listStageTemplates },
  { to: paths.staffFaqs(), label: 'FAQs', route: help.createFaq },
  { to: paths.staffHelpGuides(), label: 'Help guides', route: help.createHelpGuide },
  { to: paths.staffBanners(), label: 'Banners', route: onboarding.createBanner },
  { to: paths.staffPortfolio(), label: 'Portfolio', route: content.createPortfolioEntry },
  { to: paths.staffTrustedBy(), label: 'Trusted by', route: content.createTrustedBusiness },
  { to: paths.staffContent(), label: 'Import and export', route: content.importContentAsStaff },
  { to: paths.staffDeletionRequests(), label: 'Deletion requests', route: account.listStaffDeletionRequests },
  { to: paths.staffTeam(), label: 'Team', route: staff.getStaffTeam },
  { to: paths.staffAudit(), label: 'Audit log', route: staff.listStaffAudit },
];

const isCurrent = (section: StaffSection, pathname: string) => (section.matches ? section.matches(pathname) : pathname.startsWith(section.to));

/** The section a page belongs to, if any (the layout refuses a page whose section the reader's role may not open). */
export const sectionOf = (pathname: string) => STAFF_SECTIONS.find((section) => isCurrent(section, pathname));

/**
 * The staff console's sections the reader's role may open, the current one marked by its own rule (a `NavLink` to /staff would claim every staff
 * page as current). On a wide screen they all show, wrapping onto a second row. On a phone they would not fit in a
 * row, and a strip scrolling sideways hides most of them: there one "Sections" button names the current section and
 * opens the list of them all, which closes again on Escape or when a section is chosen.
 */
export function StaffNav({ pathname, role }: { pathname: string; role: Role }) {
  // Open on the page where it was opened: choosing a section (or any other way to another page) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const button = useRef<HTMLButtonElement>(null);
  const sections = STAFF_SECTIONS.filter((section) => mayCall(section.route, role)).map((section) => ({ ...section, current: isCurrent(section, pathname) }));
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
