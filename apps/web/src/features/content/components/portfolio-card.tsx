import { ExternalLink } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';

export interface PortfolioItem {
  name: string;
  kind: string;
  text: string;
  image: { src: string; alt: string; width: number; height: number };
  links: { label: 'View on App Store' | 'View on Play Store' | 'Visit Website'; href: string }[];
}

export function PortfolioCard({ item, eager = false }: { item: PortfolioItem; eager?: boolean }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <img
        src={item.image.src}
        alt={item.image.alt}
        width={item.image.width}
        height={item.image.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="aspect-[4/3] h-auto w-full bg-slate-100 object-contain"
      />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-bold uppercase tracking-wide text-brand-700">{item.kind}</p>
        <h2 className="mt-1 text-xl font-bold text-slate-900">{item.name}</h2>
        <p className="mt-2 flex-1 text-slate-700">{item.text}</p>
        <div className="mt-5 flex flex-wrap gap-2">
          {item.links.map((link) => (
            <a
              key={link.label}
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary', 'text-sm')}
              aria-label={`${link.label}: ${item.name} (opens in a new tab)`}
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
