import { Link } from 'react-router';
import { useSiteConfig } from '@/lib/site-config';
import { hasStoreLink, StoreBadges } from '@/components/ui/store-badges';
import { SocialIcon, type SocialNetwork } from '@/components/ui/social-icons';
import { paths } from '@/lib/paths';

const SOCIAL: { key: SocialNetwork; label: string }[] = [
  { key: 'instagram', label: 'Instagram' },
  { key: 'facebook', label: 'Facebook' },
  { key: 'tiktok', label: 'TikTok' },
  { key: 'x', label: 'X' },
];

export function Footer() {
  const { data } = useSiteConfig();
  const links = data?.links;
  const social = SOCIAL.flatMap((s) => (links?.[s.key] ? [{ ...s, href: links[s.key]! }] : []));
  return (
    <footer className="border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">Your Business Your App</p>
          <p className="mt-2 text-sm">Branded iOS, Android and web apps for small and home-based businesses.</p>
          {/* data-site-links: on the prerendered landing page, hidden once the server took out its unset links. */}
          {social.length > 0 && (
            <ul className="mt-4 flex gap-3" aria-label="Social media" data-site-links>
              {social.map((s) => (
                <li key={s.key}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={s.label}
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-800 text-white hover:bg-brand-700"
                  >
                    <SocialIcon network={s.key} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        {hasStoreLink(links?.appStore, links?.playStore) && (
          <div data-site-links>
            <p className="text-sm font-semibold text-white">Get the app</p>
            <StoreBadges appStore={links?.appStore} playStore={links?.playStore} className="mt-3" />
          </div>
        )}
        <div>
          <p className="text-sm font-semibold text-white">Legal</p>
          <ul className="mt-3 space-y-2 text-sm">
            <li><Link to={paths.terms()} className="hover:text-white hover:underline">Terms of Service</Link></li>
            <li><Link to={paths.privacy()} className="hover:text-white hover:underline">Privacy Policy</Link></li>
            <li><Link to={paths.requestAccountDeletion()} className="hover:text-white hover:underline">Request Data Deletion</Link></li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-5 text-sm sm:flex-row sm:px-6">
          <p>© 2025 Your Business Your App. All rights reserved.</p>
          <p className="flex items-center gap-2">
            Built by
            <span className="inline-flex items-center gap-1 rounded bg-slate-800 px-2 py-1 font-semibold text-white">
              <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true"><path d="M4 20L12 4l8 16H4z" fill="#818cf8" /></svg>
              Appforge Studio
            </span>
          </p>
        </div>
      </div>
    </footer>
  );
}
