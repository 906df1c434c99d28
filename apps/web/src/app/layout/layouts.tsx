import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';

function Frame({ background }: { background: string }) {
  return (
    <div className={`flex min-h-screen flex-col ${background}`}>
      <Header />
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
export const AppLayout = () => <Frame background="bg-slate-100" />;
