import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { BANNER_INTERVAL_MS, type Banner } from '@portal/contracts/onboarding';

function BannerLink({ banner, label, children }: { banner: Banner; label: string; children: ReactNode }) {
  const className =
    'block h-full w-full focus-visible:outline-4 focus-visible:outline-offset-[-4px] focus-visible:outline-white';
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
      aria-label={`${label} (opens in a new tab)`}
    >
      {children}
    </a>
  );
}

/**
 * Featured banners, newest first (spec §9): moves on every 4000 ms, stops while the pointer is over it or focus is
 * inside it, and has previous, next and one dot per banner as buttons.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = banners.length;
  const current = Math.min(index, count - 1);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, count]);

  if (count === 0) return null;
  const banner = banners[current]!;
  const go = (i: number) => setIndex((i + count) % count);
  const control =
    'flex items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured"
      className="relative overflow-hidden rounded-2xl bg-slate-200 shadow-sm"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div aria-live={paused ? 'polite' : 'off'} className="aspect-[3/1] w-full">
        <div
          role="group"
          aria-roledescription="slide"
          aria-label={`${current + 1} of ${count}`}
          className="h-full w-full"
          key={banner.id}
        >
          <BannerLink banner={banner} label={`Featured banner ${current + 1} of ${count}`}>
            <img src={banner.imageUrl} alt="" className="h-full w-full object-cover" />
          </BannerLink>
        </div>
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className={`${control} absolute bottom-1 left-2 h-9 w-9 sm:bottom-auto sm:top-1/2 sm:-translate-y-1/2`}
            aria-label="Previous banner"
            onClick={() => go(current - 1)}
          >
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={`${control} absolute bottom-1 right-2 h-9 w-9 sm:bottom-auto sm:top-1/2 sm:-translate-y-1/2`}
            aria-label="Next banner"
            onClick={() => go(current + 1)}
          >
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
          </button>
          <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1">
            {banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                aria-label={`Show banner ${i + 1}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
                className="flex h-6 w-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
              >
                <span
                  className={`block h-2.5 w-2.5 rounded-full border border-slate-700/40 ${i === current ? 'bg-white' : 'bg-white/50'}`}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
