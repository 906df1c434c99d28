import type { Me } from '@portal/contracts/auth';

/** Up to two letters that stand for a person: the first and last words of the name, else the e-mail's first letter. */
export function initialsOf(user: Pick<Me, 'name' | 'email'>): string {
  const words = user.name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words.length === 1 ? [words[0]!] : [user.email];
  return letters.map((word) => Array.from(word)[0] ?? '').join('').toUpperCase() || '?';
}

const SIZES = { sm: 'h-8 w-8 text-xs', lg: 'h-24 w-24 text-3xl' } as const;

/**
 * The profile photo, or the person's initials where there is none. `label` names it for screen readers; without
 * one it is decoration (the name is written beside it).
 */
export function Avatar({ user, size, label }: { user: Pick<Me, 'name' | 'email' | 'profileImageUrl'>; size: keyof typeof SIZES; label?: string }) {
  const pixels = size === 'sm' ? 32 : 96;
  const ring = size === 'lg' ? 'ring-4 ring-brand-100' : '';
  if (user.profileImageUrl) {
    return <img src={user.profileImageUrl} alt={label ?? ''} className={`${SIZES[size]} ${ring} shrink-0 rounded-full object-cover`} width={pixels} height={pixels} />;
  }
  return (
    <span
      className={`${SIZES[size]} ${ring} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800`}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {initialsOf(user)}
    </span>
  );
}
