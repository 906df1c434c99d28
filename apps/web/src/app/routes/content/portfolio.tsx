import { hasStoreLink, StoreBadges } from '@/components/ui/store-badges';
import { QueryState } from '@/components/ui/query-state';
import { useSiteConfig } from '@/lib/site-config';
import { usePortfolio } from '@/features/content/api/showcase';
import { PortfolioCard } from '@/features/content/components/portfolio-card';

/** /portfolio: the entries staff keep in the console (spec §2 "Our Work"), and the provider's store listings. */
export function Component() {
  const links = useSiteConfig().data?.links;
  const entries = usePortfolio();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-14">
      <header className="text-center">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">Our Work</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">
          Real businesses, their own brands, launched on our platform. Browse a few of the apps and tools we
          have built.
        </p>
        {hasStoreLink(links?.appStore, links?.playStore) && (
          <div className="mt-6 flex flex-col items-center gap-3">
            <p className="text-sm font-semibold text-slate-700">See all our apps in the stores</p>
            <StoreBadges appStore={links?.appStore} playStore={links?.playStore} />
          </div>
        )}
      </header>
      <div className="mt-12">
        <QueryState query={entries} pending="Loading our work..." error="Could not load our work. Please refresh the page." empty={null}>
          {(list) => (
            <div className="grid gap-6 md:grid-cols-3">
              {list.map((entry, i) => (
                <PortfolioCard key={entry.id} entry={entry} eager={i === 0} />
              ))}
            </div>
          )}
        </QueryState>
      </div>
    </div>
  );
}
