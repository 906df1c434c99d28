import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { siteLinkPlaceholder, TRUSTED_BY_NAME_PLACEHOLDER, type SiteLinks } from '@portal/contracts/site';
import type { TrustedByList } from '@portal/contracts/showcase';
import { trustedByQueryKey } from '@/features/content/api/showcase';
import { SIGNED_OUT, sessionQueryKey } from '@/lib/session';
import { siteConfigQueryKey } from '@/lib/site-config';
import { PublicLayout } from '../layout/layouts';
import { Component as Landing } from '../routes/content/landing';

/** Each outside link as the placeholder the server fills in (contracts `site.ts`). */
const PLACEHOLDER_LINKS: SiteLinks = {
  appStore: siteLinkPlaceholder('appStore'),
  playStore: siteLinkPlaceholder('playStore'),
  instagram: siteLinkPlaceholder('instagram'),
  facebook: siteLinkPlaceholder('facebook'),
  tiktok: siteLinkPlaceholder('tiktok'),
  x: siteLinkPlaceholder('x'),
  menuSync: siteLinkPlaceholder('menuSync'),
  videoEmbed: null,
};

/**
 * The landing page `/` as a visitor who is signed out sees it (header, page and footer), rendered to HTML when the
 * web app is built (build/signed-out-pages.ts), from the same components the app renders it with. Its outside
 * links are placeholders, which the server fills in from its settings, and so is the "Trusted by" strip's name.
 */
export function renderLanding(links: SiteLinks = PLACEHOLDER_LINKS): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueryKey, SIGNED_OUT);
  queryClient.setQueryData(siteConfigQueryKey, { links, googleSignIn: false });
  // One name, as the placeholder the server repeats for each of the names staff keep.
  queryClient.setQueryData(trustedByQueryKey, { businesses: [{ id: 'trusted-by', name: TRUSTED_BY_NAME_PLACEHOLDER }] } satisfies TrustedByList);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <StaticRouter location="/">
        <Routes>
          <Route element={<PublicLayout />}>
            <Route index element={<Landing />} />
          </Route>
        </Routes>
      </StaticRouter>
    </QueryClientProvider>,
  );
}
