import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { VerifyEmailBanner } from '@/features/account-security/components/verify-email-banner';
import { Footer } from './footer';
import { Header } from './header';

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
export const AppLayout = () => <Frame background="bg-slate-100" banner={<VerifyEmailBanner />} />;
