import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Menu, X } from 'lucide-react';
import { paths } from '@/lib/paths';

const LINKS = [
  { to: paths.howItWorks(), label: 'How It Works' },
  { to: paths.portfolio(), label: 'Portfolio' },
  { to: paths.selectPlan(), label: 'Pricing' },
];

// The button's names, also written on it for the landing page's script (landing-page/island.ts), which has no React.
const MENU_LABEL = { open: 'Close menu', closed: 'Open menu' };

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold ${isActive ? 'text-brand-700' : 'text-slate-700 hover:text-brand-700'}`;

/**
 * The signed-out header's links; on a phone, behind a menu button. The phone menu is always in the page, hidden while
 * closed, so that the prerendered landing page carries it and its script only has to show it (landing-page/island.ts).
 */
export function SignedOutNav() {
  const [open, setOpen] = useState(false);
  const items = (
    <>
      {LINKS.map((l) => (
        <NavLink key={l.to} to={l.to} className={linkClass} onClick={() => setOpen(false)}>
          {l.label}
        </NavLink>
      ))}
      <Link
        to={paths.login()}
        onClick={() => setOpen(false)}
        className="rounded-lg bg-brand-700 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-800"
      >
        Login / Sign Up
      </Link>
    </>
  );
  return (
    <nav aria-label="Main">
      <div className="hidden items-center gap-1 md:flex">{items}</div>
      <button
        type="button"
        className="rounded-md p-2 text-slate-700 md:hidden"
        aria-expanded={open}
        aria-controls="mobile-nav"
        aria-label={open ? MENU_LABEL.open : MENU_LABEL.closed}
        data-label-open={MENU_LABEL.open}
        data-label-closed={MENU_LABEL.closed}
        onClick={() => setOpen(!open)}
      >
        <Menu aria-hidden="true" className={open ? 'hidden' : undefined} />
        <X aria-hidden="true" className={open ? undefined : 'hidden'} />
      </button>
      <div id="mobile-nav" hidden={!open} className="absolute inset-x-0 top-full z-40 flex flex-col gap-1 border-b border-slate-200 bg-white p-4 shadow-lg md:hidden">
        {items}
      </div>
    </nav>
  );
}
