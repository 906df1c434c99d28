import { ExternalLink } from 'lucide-react';
import type { PortfolioEntry } from '@portal/contracts/showcase';
import { buttonClass } from '@/components/ui/button';

/** The card's buttons: one for each address the entry has (spec: 'View on App Store', 'View on Play Store', 'Visit Website'). */
const linksOf = (entry: PortfolioEntry) =>
  [
    { label: 'View on App Store', href: entry.appStoreUrl },
    { label: 'View on Play Store', href: entry.playStoreUrl },
    { label: 'Visit Website', href: entry.websiteUrl },
  ].flatMap((link) => (link.href ? [{ label: link.label, href: link.href }] : []));

export function PortfolioCard({ entry, eager = false }: { entry: PortfolioEntry; eager?: boolean }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {entry.imageUrl ? (
        <img
          src={entry.imageUrl}
          alt={entry.imageAlt}
          width={640}
          height={480}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[4/3] h-auto w-full bg-slate-100 object-contain"
        />
      ) : (
        <div className="aspect-[4/3] w-full bg-slate-100" aria-hidden="true" />
      )}
      <div className="flex flex-1 flex-col p-5">
        {entry.kind && <p className="text-xs font-bold uppercase tracking-wide text-brand-700">{entry.kind}</p>}
        <h2 className="mt-1 break-words text-xl font-bold text-slate-900">{entry.name}</h2>
        <p className="mt-2 flex-1 whitespace-pre-line break-words text-slate-700">{entry.description}</p>
        <div className="mt-5 flex flex-wrap gap-2">
          {linksOf(entry).map((link) => (
            <a
              key={link.label}
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary', 'text-sm')}
              aria-label={`${link.label}: ${entry.name} (opens in a new tab)`}
            >
              {link.label}
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
            </a>
          ))}
        </div>
      </div>
    </article>
  );
}
