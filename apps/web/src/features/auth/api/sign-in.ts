import type { SignInInput, SignUpInput } from '@portal/contracts/auth';
import { routes } from '@portal/contracts/routes';
import { api } from '@/lib/api-client';
import { paths } from '@/lib/paths';

/** Signs in; an account with two-factor authentication answers `twoFactorRedirect` and waits for its code. */
export async function signInWithPassword(input: SignInInput): Promise<{ twoFactorRequired: boolean }> {
  const answer = (await api(routes.auth.signInWithEmail, { body: { ...input, rememberMe: true } })) as { twoFactorRedirect?: boolean } | null;
  return { twoFactorRequired: answer?.twoFactorRedirect === true };
}

/** The second step of such a sign-in: the authenticator app's code, or a recovery code. */
export const verifySignInCode = (kind: 'app' | 'recovery', code: string, trustDevice: boolean) =>
  api(kind === 'app' ? routes.auth.verifyTwoFactorCode : routes.auth.verifyRecoveryCode, { body: { code, trustDevice } });

/** Sends the sign-up: a link is mailed to the address, and following it signs in and goes on to `callbackURL`. */
export const signUpWithPassword = (input: SignUpInput) => api(routes.auth.signUpWithEmail, { body: input });

export const signOut = () => api(routes.auth.signOut, { body: {} });

/** Starts the Google authorization-code flow; the browser leaves for the provider's page. */
export async function startGoogleSignIn(continueTo: string) {
  const result = await api(routes.auth.signInWithGoogle, {
    body: {
      provider: 'google',
      callbackURL: continueTo,
      newUserCallbackURL: `${continueTo}${continueTo.includes('?') ? '&' : '?'}new=1`,
      errorCallbackURL: paths.login({ error: 'google' }),
    },
  });
  if (!result.url) throw new Error('Google sign-in is unavailable right now.');
  window.location.assign(result.url);
}
