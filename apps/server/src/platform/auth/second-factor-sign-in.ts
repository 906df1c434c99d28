import { eq } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import type { Db } from '../db/client.ts';
import { users } from './schema.ts';

/** The code a Google sign-in comes back with when the account must sign in with its password and second factor. */
export const SECOND_FACTOR_NEEDS_PASSWORD = 'two_factor_sign_in_with_password';

/** Endpoints that end a sign-in with an outside provider (Google, or its local stand-in). */
const providerCallback = (path: string | undefined) => Boolean(path?.includes('/callback/'));

/**
 * better-auth's two-factor plugin asks for the code after a password only: a sign-in through Google would open a
 * session without it. An account with a second factor (every staff account) therefore signs in with its password
 * and code; the Google sign-in is refused before its session exists and comes back to the sign-in page saying so.
 */
export function refuseProviderSignInPastSecondFactor(db: Db) {
  return async (session: { userId: string }, context: { path?: string } | null) => {
    if (!providerCallback(context?.path)) return;
    const [user] = await db.select({ twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, session.userId));
    if (user?.twoFactorEnabled) {
      throw new APIError('FORBIDDEN', {
        code: SECOND_FACTOR_NEEDS_PASSWORD,
        message: 'This account uses two-factor authentication. Please sign in with your email, password and code.',
      });
    }
  };
}
