/**
 * The mark the server's page for a visitor with no session cookie carries (build/signed-out-pages.ts writes it): that
 * visitor is signed out for sure, so the app need not ask before showing a public page.
 */
export const SIGNED_OUT_MARK = { name: 'portal-session', content: 'signed-out' } as const;
