import type { ReactNode } from 'react';

/**
 * A cell of a staff table that, on a phone, stacks each row into label-value lines instead of running off the edge:
 * its label (the column's heading, hidden there) is drawn before the value. The row takes `STACKED_ROW`, the
 * head row `STACKED_HEAD`.
 */
export function StackedCell({ label, className = 'py-2 pr-3', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td
      data-label={label}
      className={`${className} max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:py-0.5 max-sm:text-right max-sm:[overflow-wrap:anywhere] max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:font-normal max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]`}
    >
      {children}
    </td>
  );
}

/** On a phone the head row is read by screen readers only: each cell names its own column. */
export const STACKED_HEAD = 'max-sm:sr-only';
/** On a phone a row is a block of lines. */
export const STACKED_ROW = 'max-sm:block max-sm:py-2';
