import { BadgePercent, CreditCard, Megaphone, Palette, Smartphone, type LucideIcon } from 'lucide-react';

const BENEFITS: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Your brand, everywhere',
    text: 'Your name, logo and colours on iOS, Android and the web, published under your business.',
    icon: Palette,
  },
  {
    title: 'No high commission fees',
    text: 'One monthly price. Every order and booking pays you, not a marketplace.',
    icon: BadgePercent,
  },
  {
    title: 'Orders, bookings and payments',
    text: 'Take orders, book clients and process card and wallet payments in one app.',
    icon: CreditCard,
  },
  {
    title: 'Run the day from your phone',
    text: 'Manage operations with the manager app: items, orders, opening hours and availability.',
    icon: Smartphone,
  },
  {
    title: 'Marketing built in',
    text: 'Market your business with promo codes and push notifications that bring customers back.',
    icon: Megaphone,
  },
];

export function WhyChooseUs() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6" aria-labelledby="why-heading">
      <h2 id="why-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
        Why choose Your Business Your App?
      </h2>
      <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
        {BENEFITS.map(({ title, text, icon: Icon }) => (
          <li key={title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
              <Icon className="h-6 w-6" aria-hidden="true" />
            </span>
            <h3 className="mt-4 font-bold text-slate-900">{title}</h3>
            <p className="mt-2 text-sm text-slate-700">{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
