import { CircleCheck } from 'lucide-react';

const POINTS = [
  'Customers order and book through your own app, not a marketplace',
  'Card and wallet payments go straight to your account',
  'A notification for every new order, with pick-up or delivery times you choose',
];

export function HomeBusiness() {
  return (
    <section className="bg-slate-50" aria-labelledby="home-heading">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-2">
        <img
          src="/media/home-business.svg"
          alt="A home kitchen turned into a small business, with orders arriving on a phone"
          width={560}
          height={420}
          loading="lazy"
          decoding="async"
          className="h-auto w-full rounded-3xl"
        />
        <div>
          <h2 id="home-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Made for home-based businesses
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Baking from your kitchen, cutting hair in a home studio or selling crafts from the garage? You get
            the same professional app as a restaurant chain, without a storefront or a big budget.
          </p>
          <ul className="mt-6 space-y-3">
            {POINTS.map((point) => (
              <li key={point} className="flex gap-3 text-slate-800">
                <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
