import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { REAUTHENTICATION_REQUIRED, type ReauthenticateInput } from '@portal/contracts/account';
import { AppError, badRequest } from '../http/errors.ts';
import { requireUser, signedIn } from './session.ts';

/**
 * Sensitive changes (a new e-mail address, a first password, refunds, erasing an account, removing staff) go
 * through only when the session signed in, or confirmed its password, within REAUTHENTICATE_AFTER_MINUTES
 * (decision 0049): a stolen session, or a device left signed in, cannot make them. Otherwise 403
 * REAUTHENTICATION_REQUIRED, which the web answers by asking for the password and trying again.
 */
export async function requireFreshSignIn(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  const current = (await signedIn(request))!;
  const age = Date.now() - current.session.authenticatedAt.getTime();
  if (age > request.server.config.REAUTHENTICATE_AFTER_MINUTES * 60_000) {
    throw new AppError(403, REAUTHENTICATION_REQUIRED, 'Please confirm your password to continue.');
  }
}

/**
 * Confirms who the signed-in person is and marks their session freshly authenticated. The password is checked by
 * better-auth (imported hashes included, decision 24); a second-factor code would be checked here, beside it.
 * Accounts without a password sign in with Google again: that new session is fresh by itself.
 */
export async function reauthenticate(request: FastifyRequest, input: ReauthenticateInput): Promise<void> {
  const current = (await signedIn(request))!;
  const auth = request.server.auth;
  const passwordAccount = (await auth.api.listUserAccounts({ headers: fromNodeHeaders(request.headers) })).some((a) => a.providerId === 'credential');
  if (!passwordAccount) throw badRequest('NO_PASSWORD', 'Your account has no password. Sign in with Google again to continue.');
  const confirmed = await auth.api
    .verifyPassword({ headers: fromNodeHeaders(request.headers), body: { password: input.password } })
    .then(() => true)
    .catch(() => false);
  if (!confirmed) throw badRequest('INVALID_PASSWORD', 'Incorrect password. Please try again.');
  // The sessions trigger makes every instance forget the cached session, so the next request reads the new time.
  await request.server.database.sql.query('UPDATE sessions SET authenticated_at = now() WHERE id = $1', [current.session.id]);
}
