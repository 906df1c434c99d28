import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';

// Signed-in pages only: its code (and the account schemas it parses with) stays out of the first script `/` loads.
const VerifyEmailBanner = lazy(() =>
  import('@/features/account-security/components/verify-email-banner').then((m) => ({ default: m.VerifyEmailBanner })),
);

function Frame({ background, banner, footer = true }: { background: string; banner?: ReactNode; footer?: boolean }) {
  return (
    <div className={`flex min-h-screen flex-col ${background}`}>
      <Header />
      {banner}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      {footer && <Footer />}
    </div>
  );
}

/** Public pages: white background. */
export const PublicLayout = () => <Frame background="bg-white" />;

const verifyBanner = (
  <Suspense fallback={null}>
    <VerifyEmailBanner />
  </Suspense>
);

/** Signed-in pages: grey background. */
export const AppLayout = () => <Frame background="bg-slate-100" banner={verifyBanner} />;

/** The staff console: the public site's footer (store badges, social links) speaks to customers, not to staff. */
export const ConsoleLayout = () => <Frame background="bg-slate-100" banner={verifyBanner} footer={false} />;
