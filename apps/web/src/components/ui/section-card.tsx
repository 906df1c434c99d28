import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** A titled card of a staff page: its heading names the section for assistive technology and for tests. */
export function SectionCard({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card>
      <section aria-labelledby={id}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id={id} className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          {action}
        </div>
        {children}
      </section>
    </Card>
  );
}
