/** A staff list's search box: each change starts again at page one (`onChange`). */
export function SearchBox({ value, onChange, label, placeholder, className = '' }: { value: string; onChange: (value: string) => void; label: string; placeholder: string; className?: string }) {
  return (
    <input
      type="search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      aria-label={label}
      className={`block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base ${className}`}
    />
  );
}

/** One-of filter buttons (a status, or all); the chosen one is pressed. */
export function FilterChips<T extends string>({ options, value, onChange, label }: { options: Array<{ value: T | undefined; label: string }>; value: T | undefined; onChange: (value: T | undefined) => void; label: string }) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => (
        <button
          key={option.label}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={`rounded-full px-3 py-1.5 text-sm font-semibold ${value === option.value ? 'bg-brand-700 text-white' : 'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50'}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
