import { preload } from 'react-dom';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { HERO_CLIP, HERO_POSTER } from '../hero-media';
import { LoopingVideo } from './looping-video';
import { paths } from '@/lib/paths';

// The poster is the largest thing on a phone's first screen: fetch it as soon as this chunk arrives, not after
// the first render (landing.html, which the server sends to signed-out visitors, asks for it even earlier).
preload(HERO_POSTER, { as: 'image', fetchPriority: 'high' });

export function LandingHero() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 md:py-20">
        <div>
          <p className="text-sm font-bold uppercase tracking-wide text-brand-700">
            Custom iOS, Android &amp; web apps
          </p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Your Business Your App
          </h1>
          <p className="mt-5 text-lg text-slate-700">
            A branded app and website that take orders, book clients, process payments, manage operations and
            market your business, with no high commission fees. One monthly plan; we build it, launch it and
            keep it running.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={paths.login()} className={buttonClass('primary', 'px-6 py-3 text-base')}>
              Get Started
            </Link>
            <Link to={paths.howItWorks()} className={buttonClass('secondary', 'px-6 py-3 text-base')}>
              How It Works
            </Link>
          </div>
        </div>
        <div className="overflow-hidden rounded-3xl shadow-xl ring-1 ring-slate-200">
          <LoopingVideo
            name={HERO_CLIP}
            label="A branded ordering app fills with menu items, receives a new order and takes its payment"
            width={720}
            height={540}
          />
        </div>
      </div>
    </section>
  );
}
