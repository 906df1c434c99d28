import {
  Cake,
  Coffee,
  Dumbbell,
  Fish,
  Flower2,
  PawPrint,
  Pizza,
  Salad,
  Scissors,
  UtensilsCrossed,
  type LucideIcon,
} from 'lucide-react';

const CUSTOMERS: { name: string; icon: LucideIcon }[] = [
  { name: "Rosa's Kitchen", icon: UtensilsCrossed },
  { name: 'Sweet Crumbs Bakery', icon: Cake },
  { name: 'Fade & Co. Barbers', icon: Scissors },
  { name: 'Bloom Florals', icon: Flower2 },
  { name: 'Harbor Grill', icon: Fish },
  { name: 'Peak Fitness', icon: Dumbbell },
  { name: 'Daily Grind Coffee', icon: Coffee },
  { name: 'Green Bowl', icon: Salad },
  { name: 'Happy Paws Grooming', icon: PawPrint },
  { name: 'Slice Pizza Co.', icon: Pizza },
];

function Names({ hidden = false }: { hidden?: boolean }) {
  return (
    <ul className="flex shrink-0 items-center gap-10 pr-10" aria-hidden={hidden || undefined}>
      {CUSTOMERS.map(({ name, icon: Icon }) => (
        <li key={name} className="flex items-center gap-2 whitespace-nowrap text-lg font-bold text-slate-600">
          <Icon className="h-6 w-6 text-brand-600" aria-hidden="true" />
          {name}
        </li>
      ))}
    </ul>
  );
}

/** "Trusted by 1,000+ locations": the names scroll past, twice in a row so the loop has no seam; still when motion is reduced. */
export function TrustedStrip() {
  return (
    <section className="border-y border-slate-200 bg-white py-8" aria-labelledby="trusted-heading">
      <h2
        id="trusted-heading"
        className="px-4 text-center text-sm font-bold uppercase tracking-wide text-slate-600"
      >
        Trusted by 1,000+ locations
      </h2>
      <style>{'@keyframes marquee{from{transform:translateX(0)}to{transform:translateX(-50%)}}'}</style>
      <div className="mt-6 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_8%,black_92%,transparent)]">
        <div className="flex w-max animate-[marquee_40s_linear_infinite] motion-reduce:animate-none">
          <Names />
          <Names hidden />
        </div>
      </div>
    </section>
  );
}
