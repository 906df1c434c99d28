import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';

// Signed-in pages only: its code (and the account schemas it parses with) stays out of the first script `/` loads.
const VerifyEmailBanner = lazy(() =>
  import('@/features/account-security/components/verify-email-banner').then((m) => ({ default: m.VerifyEmailBanner })),
);

function Frame({ background, banner }: { background: string; banner?: ReactNode }) {
  return (
    <div className={`flex min-h-screen flex-col ${background}`}>
      <Header />
      {banner}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

/** Public pages: white background. */
export const PublicLayout = () => <Frame background="bg-white" />;

/** Signed-in pages: grey background. */
export const AppLayout = () => <Frame background="bg-slate-100" banner={<Suspense fallback={null}><VerifyEmailBanner /></Suspense>} />;
