/** The brand mark and name; decorative when a label is given by the surrounding link. */
/** `compact` keeps only the mark on phones, where the header also holds the account menu. */
export function Logo({ className = '', compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold tracking-tight text-slate-900 ${className}`}>
      <svg viewBox="0 0 64 64" className="h-8 w-8 shrink-0" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#4338ca" />
        <path d="M18 18l14 16 14-16" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
        <rect x="28" y="32" width="8" height="16" rx="3" fill="#fff" />
      </svg>
      <span className={`whitespace-nowrap text-base sm:text-lg ${compact ? 'sr-only sm:not-sr-only' : ''}`}>Your Business Your App</span>
    </span>
  );
}
