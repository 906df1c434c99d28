import { Link } from 'react-router';
import { CreditCard, Hammer, Palette, TrendingUp, type LucideIcon } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { useSiteConfig } from '@/lib/site-config';
import { HowItWorksVideo } from '@/features/content/components/how-it-works-video';
import { paths } from '@/lib/paths';

const STEPS: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Subscribe & Share Your Brand',
    text: 'Choose a plan and fill in our business form: your logo, your colours and the images that show what you do.',
    icon: Palette,
  },
  {
    title: 'Connect Your Payments',
    text: 'Link a card or online payment account so your customers can pay by card, with wallet payments and buy-now-pay-later.',
    icon: CreditCard,
  },
  {
    title: 'We Build & Launch',
    text: 'Our team builds your iOS app, Android app and website, handles the app store submissions, and tells you the moment you are live.',
    icon: Hammer,
  },
  {
    title: 'Take Control & Grow',
    text: 'Run everything from the manager app: items, orders, promos and push notifications. We also give your launch a promotional boost to our social audience.',
    icon: TrendingUp,
  },
];

export function Component() {
  const site = useSiteConfig();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-5xl px-4 py-12 text-center sm:px-6 md:py-16">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Your Brand, Our Platform, Launched in Days
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">
            From sign-up to your own app in the stores, in four steps. Here is how it works.
          </p>
          <div className="mx-auto mt-10 max-w-4xl">
            <HowItWorksVideo loading={site.isPending} embed={site.data?.links.videoEmbed ?? null} />
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-5xl px-4 py-14 sm:px-6" aria-labelledby="steps-heading">
        <h2 id="steps-heading" className="sr-only">
          The four steps
        </h2>
        <ol className="grid gap-6 md:grid-cols-2">
          {STEPS.map(({ title, text, icon: Icon }, i) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white">
                {i + 1}
              </span>
              <div>
                <h3 className="flex items-center gap-2 text-lg font-bold text-slate-900">
                  {title}
                  <Icon className="h-5 w-5 text-brand-600" aria-hidden="true" />
                </h3>
                <p className="mt-2 text-slate-700">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6">
          <h2 className="text-3xl font-bold tracking-tight">Ready to Get Started?</h2>
          <p className="mt-4 text-lg text-brand-100">
            Join hundreds of businesses growing with their own branded app and website.
          </p>
          <Link to={paths.selectPlan()} className={buttonClass('secondary', 'mt-8 px-6 py-3 text-base')}>
            View Plans &amp; Pricing
          </Link>
        </div>
      </section>
    </>
  );
}
