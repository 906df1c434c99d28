import { ExternalLink } from 'lucide-react';
import { LoopingVideo } from './looping-video';

export function MenuSync({ link }: { link: string | null | undefined }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6" aria-labelledby="menu-sync-heading">
      <div className="grid items-center gap-10 md:grid-cols-2">
        <div>
          <p className="text-sm font-bold uppercase tracking-wide text-brand-700">Companion product</p>
          <h2 id="menu-sync-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
            Menu Sync: change it once, it changes everywhere
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Our menu-management tool keeps items, prices and availability in step across your app, your
            website and your in-store screens. Edit a price on the web and your customers see it seconds
            later.
          </p>
          {link && (
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              Learn more about Menu Sync
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </div>
        <div className="overflow-hidden rounded-3xl shadow-lg ring-1 ring-slate-200">
          <LoopingVideo
            name="menu-sync"
            label="A price changed in the Menu Sync web editor appears in the app on a phone"
            width={768}
            height={432}
          />
        </div>
      </div>
    </section>
  );
}
