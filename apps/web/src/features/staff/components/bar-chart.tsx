export interface Bar {
  /** Shown under the bar ("Nov") and read with its value ("November 2026: $69.99"). */
  label: string;
  longLabel: string;
  value: number;
}

const W = 600;
const H = 220;
const TOP = 24;
const BOTTOM = 28;
const LEFT = 8;

/**
 * A bar chart in plain SVG (no chart library: the staff chunk stays small). The SVG is one image whose accessible
 * name gives the range and the latest value; each bar has a tooltip; the figures themselves are in the table that
 * goes with the chart (see the overview page).
 */
export function BarChart({ title, bars, format }: { title: string; bars: Bar[]; format: (value: number) => string }) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  const slot = (W - LEFT * 2) / Math.max(1, bars.length);
  const barWidth = slot * 0.64;
  const height = (value: number) => (max === 0 ? 0 : ((H - TOP - BOTTOM) * value) / max);
  const last = bars.at(-1);
  const summary = last
    ? `${title}, ${bars[0]!.longLabel} to ${last.longLabel}: highest ${format(max)}, ${last.longLabel} ${format(last.value)}.`
    : title;
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="mb-2 font-semibold text-slate-900">{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} className="h-auto w-full">
        <line x1={LEFT} x2={W - LEFT} y1={TOP} y2={TOP} className="stroke-slate-200" strokeDasharray="4 4" />
        <text x={LEFT} y={TOP - 8} className="fill-slate-600 text-[13px]">{format(max)}</text>
        <line x1={LEFT} x2={W - LEFT} y1={H - BOTTOM} y2={H - BOTTOM} className="stroke-slate-400" />
        {bars.map((bar, i) => {
          const h = height(bar.value);
          const x = LEFT + slot * i + (slot - barWidth) / 2;
          return (
            <g key={bar.longLabel}>
              <rect x={x} y={H - BOTTOM - h} width={barWidth} height={Math.max(h, bar.value > 0 ? 1 : 0)} rx={3} className={i === bars.length - 1 ? 'fill-brand-800' : 'fill-brand-500'}>
                <title>{`${bar.longLabel}: ${format(bar.value)}`}</title>
              </rect>
              <text x={x + barWidth / 2} y={H - 8} textAnchor="middle" className={`fill-slate-700 text-[13px] ${i % 2 === 1 && i !== bars.length - 1 ? 'max-sm:hidden' : ''}`}>
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
