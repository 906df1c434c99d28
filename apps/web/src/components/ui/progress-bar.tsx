/** A horizontal progress bar; `value` runs from 0 to 1. The label names what is progressing, for screen readers. */
export function ProgressBar({
  value,
  label,
  valueText,
  className = '',
}: {
  value: number;
  label: string;
  valueText?: string;
  className?: string;
}) {
  const percent = Math.round(Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText ?? `${percent}%`}
      className={`h-2.5 w-full overflow-hidden rounded-full bg-slate-200 ${className}`}
    >
      <div
        className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
