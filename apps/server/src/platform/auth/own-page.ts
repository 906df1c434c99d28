import { isSitePath } from '@portal/contracts/auth';

/**
 * The path of a page of this site that a mailed link may send the browser on to, or null for anything else: a
 * relative path (`/checkout?plan=…`) or an address on `publicUrl`'s own origin. Never another site, so that a
 * link cannot be made to lead away (no open redirect).
 */
export function ownPagePath(value: string, publicUrl: string): string | null {
  const origin = new URL(publicUrl).origin;
  const path = value.startsWith(`${origin}/`) ? value.slice(origin.length) : value;
  return isSitePath(path) ? path : null;
}
