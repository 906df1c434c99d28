import { useState } from 'react';

/** The business logo, or its initial on a brand tile when there is none or it fails to load. */
export function BusinessLogo({ src, businessName, size = 'md' }: { src: string | null; businessName: string; size?: 'md' | 'lg' }) {
  const [failed, setFailed] = useState(false);
  const box = size === 'lg' ? 'h-20 w-20 text-3xl' : 'h-14 w-14 text-xl';
  if (src && !failed) {
    return (
      <img
        src={src}
        alt={businessName ? `${businessName} logo` : 'Business logo'}
        className={`${box} shrink-0 rounded-xl border border-slate-200 bg-white object-contain`}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span aria-hidden="true" className={`${box} flex shrink-0 items-center justify-center rounded-xl bg-brand-100 font-bold text-brand-800`}>
      {(businessName.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
