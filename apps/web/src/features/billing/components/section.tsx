import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** A titled part of a billing page. */
export function Section({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Card className={className}>
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </Card>
  );
}
