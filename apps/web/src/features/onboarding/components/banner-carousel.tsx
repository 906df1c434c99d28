import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { BANNER_INTERVAL_MS, type Banner } from '@portal/contracts/onboarding';

function BannerLink({ banner, label, children }: { banner: Banner; label?: string; children: ReactNode }) {
  const className =
    'relative block h-full w-full focus-visible:outline-4 focus-visible:outline-offset-[-4px] focus-visible:outline-white';
  if (!banner.linkUrl) return <div className={className}>{children}</div>;
  if (banner.linkUrl.startsWith('/')) {
    return (
      <Link to={banner.linkUrl} className={className} aria-label={label}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={banner.linkUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      aria-label={label ? `${label} (opens in a new tab)` : undefined}
    >
      {children}
      {!label && <span className="sr-only"> (opens in a new tab)</span>}
    </a>
  );
}

/** The banner's words as text over its image, so they stay readable at 390 px and reach screen readers. */
function BannerText({ banner }: { banner: Banner }) {
  if (!banner.title && !banner.subtitle) return null;
  return (
    <span className="absolute inset-0 flex flex-col justify-center bg-gradient-to-r from-slate-950/75 via-slate-950/45 to-transparent px-5 py-4 text-white sm:px-10">
      {banner.title && (
        <span className="block max-w-[85%] text-xl font-extrabold leading-tight sm:max-w-[60%] sm:text-4xl">
          {banner.title}
        </span>
      )}
      {banner.subtitle && (
        <span className="mt-1 block max-w-[85%] text-sm leading-snug text-white/95 sm:mt-3 sm:max-w-[55%] sm:text-lg">
          {banner.subtitle}
        </span>
      )}
    </span>
  );
}

/**
 * Featured banners, newest first (spec §9): moves on every 4000 ms, stops while the pointer is over it or focus is
 * inside it, and can be paused for good with its pause button (WCAG 2.2.2). Controls sit in a bar under the
 * slide so that they never cover its words or artwork.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const count = banners.length;
  const current = Math.min(index, count - 1);
  const paused = hovered || focused || stopped;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, count]);

  if (count === 0) return null;
  const banner = banners[current]!;
  const go = (i: number) => setIndex((i + count) % count);
  const control =
    'flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
  // A banner with words is named by them; one without keeps a positional name.
  const label = banner.title ? undefined : `Featured banner ${current + 1} of ${count}`;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured"
      className="overflow-hidden rounded-2xl bg-white shadow-sm"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div aria-live={paused ? 'polite' : 'off'} className="aspect-[2/1] w-full bg-slate-200 sm:aspect-[3/1]">
        <div
          role="group"
          aria-roledescription="slide"
          aria-label={`${current + 1} of ${count}`}
          className="h-full w-full"
          key={banner.id}
        >
          <BannerLink banner={banner} label={label}>
            <img src={banner.imageUrl} alt="" className="absolute inset-0 h-full w-full object-cover object-left sm:object-center" />
            <BannerText banner={banner} />
          </BannerLink>
        </div>
      </div>
      {count > 1 && (
        <div className="flex items-center gap-1 px-2 py-1">
          <button
            type="button"
            className={control}
            aria-label={stopped ? 'Play banners' : 'Pause banners'}
            onClick={() => setStopped((s) => !s)}
          >
            {stopped ? <Play className="h-4 w-4" aria-hidden="true" /> : <Pause className="h-4 w-4" aria-hidden="true" />}
          </button>
          <div className="flex flex-1 justify-center gap-1">
            {banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                aria-label={`Show banner ${i + 1}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
                className="flex h-7 w-7 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span
                  className={`block h-2.5 w-2.5 rounded-full ${i === current ? 'bg-brand-700' : 'bg-slate-300'}`}
                />
              </button>
            ))}
          </div>
          <button type="button" className={control} aria-label="Previous banner" onClick={() => go(current - 1)}>
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
          </button>
          <button type="button" className={control} aria-label="Next banner" onClick={() => go(current + 1)}>
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
      )}
    </section>
  );
}
