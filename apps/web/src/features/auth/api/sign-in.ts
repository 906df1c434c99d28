import type { SignInInput, SignUpInput } from '@portal/contracts/auth';
import { routes } from '@portal/contracts/routes';
import { api } from '@/lib/api-client';
import { paths } from '@/lib/paths';

export const signInWithPassword = (input: SignInInput) => api(routes.auth.signInWithEmail, { body: { ...input, rememberMe: true } });

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
