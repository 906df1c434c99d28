import { isStaffRole } from '@portal/contracts/route-helpers';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { useSession } from '@/lib/session';

// Signed-out pages (the landing page above all) never load the menu's code.
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));
import { SignedOutNav } from './signed-out-nav';
import { paths } from '@/lib/paths';

export function Header() {
  const { data } = useSession();
  const user = data?.user;
  return (
    <header className="relative z-30 border-b border-slate-200 bg-white">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={user ? paths.dashboard() : paths.home()} aria-label="Your Business Your App home">
          <Logo compact={Boolean(user)} />
        </Link>
        {isStaffRole(user?.role) && (
          <Link to={paths.staffInbox()} className="ml-auto rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
            Staff
          </Link>
        )}
        {user ? (
          <Suspense fallback={<span className="h-10 w-40 rounded-full bg-slate-100" aria-hidden="true" />}>
            <AccountMenu user={user} />
          </Suspense>
        ) : (
          <SignedOutNav />
        )}
      </div>
    </header>
  );
}
