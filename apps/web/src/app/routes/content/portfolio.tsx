import { hasStoreLink, StoreBadges } from '@/components/ui/store-badges';
import { useSiteConfig } from '@/lib/site-config';
import { PortfolioCard, type PortfolioItem } from '@/features/content/components/portfolio-card';

const FOOD_APPS: PortfolioItem[] = [
  {
    name: 'Harbor Grill',
    kind: 'Restaurant app',
    text: 'A seafood restaurant taking pick-up orders and table bookings through its own app, with weekly specials sent as push notifications.',
    image: {
      src: '/media/portfolio/harbor-grill.svg',
      alt: 'The Harbor Grill app showing its seafood menu',
      width: 640,
      height: 480,
    },
    links: [
      { label: 'View on App Store', href: 'https://apps.apple.com/us/app/harbor-grill/id1000000101' },
      {
        label: 'View on Play Store',
        href: 'https://play.google.com/store/apps/details?id=com.yourbusinessyourapp.harborgrill',
      },
    ],
  },
  {
    name: 'Sweet Crumbs',
    kind: 'Home bakery app',
    text: 'A home-based bakery selling custom cakes and pastries, with deposits paid by card when a cake is booked.',
    image: {
      src: '/media/portfolio/sweet-crumbs.svg',
      alt: 'The Sweet Crumbs app showing cakes and a booking button',
      width: 640,
      height: 480,
    },
    links: [
      { label: 'View on App Store', href: 'https://apps.apple.com/us/app/sweet-crumbs/id1000000102' },
      {
        label: 'View on Play Store',
        href: 'https://play.google.com/store/apps/details?id=com.yourbusinessyourapp.sweetcrumbs',
      },
    ],
  },
];

export function Component() {
  const links = useSiteConfig().data?.links;
  const menuSync: PortfolioItem = {
    name: 'Menu Sync',
    kind: 'Restaurant web tool',
    text: 'Our menu-synchronisation tool: restaurants edit items and prices once on the web, and every app, website and screen follows.',
    image: {
      src: '/media/video/menu-sync.svg',
      alt: 'The Menu Sync web editor updating a price in an app',
      width: 720,
      height: 405,
    },
    links: links?.menuSync ? [{ label: 'Visit Website', href: links.menuSync }] : [],
  };
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
      <div className="mt-12 grid gap-6 md:grid-cols-3">
        {[...FOOD_APPS, menuSync].map((item, i) => (
          <PortfolioCard key={item.name} item={item} eager={i === 0} />
        ))}
      </div>
    </div>
  );
}
