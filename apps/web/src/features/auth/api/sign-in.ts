import type { SignInInput, SignUpInput } from '@portal/contracts/auth';
import { api } from '@/lib/api-client';
import { paths } from '@/lib/paths';

export const signInWithPassword = (input: SignInInput) =>
  api('/api/auth/sign-in/email', { method: 'POST', body: { ...input, rememberMe: true } });

export const signUpWithPassword = (input: SignUpInput) => api('/api/auth/sign-up/email', { method: 'POST', body: input });

export const signOut = () => api('/api/auth/sign-out', { method: 'POST', body: {} });

/** Starts the Google authorization-code flow; the browser leaves for the provider's page. */
export async function startGoogleSignIn(continueTo: string) {
  const result = (await api('/api/auth/sign-in/social', {
    method: 'POST',
    body: {
      provider: 'google',
      callbackURL: continueTo,
      newUserCallbackURL: `${continueTo}${continueTo.includes('?') ? '&' : '?'}new=1`,
      errorCallbackURL: paths.login({ error: 'google' }),
    },
  })) as { url?: string };
  if (!result.url) throw new Error('Google sign-in is unavailable right now.');
  window.location.assign(result.url);
}
