import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Config } from '../../config.ts';
import { LOCAL_GOOGLE_CLIENT, localGoogleIssuer } from '../oidc/local-google.ts';

/** Where Google sign-in goes: the configured Google client, the local stand-in outside production, or nowhere. */
function googleClient(config: Config) {
  if (config.googleConfigured) {
    return { clientId: config.GOOGLE_CLIENT_ID!, clientSecret: config.GOOGLE_CLIENT_SECRET!, discoveryUrl: config.GOOGLE_DISCOVERY_URL };
  }
  if (config.localGoogle) {
    return {
      clientId: LOCAL_GOOGLE_CLIENT.id,
      clientSecret: LOCAL_GOOGLE_CLIENT.secret,
      discoveryUrl: `${localGoogleIssuer(config)}/.well-known/openid-configuration`,
    };
  }
  return null;
}

/** Whether the sign-in pages offer Google (the site config tells the web). */
export const googleSignInOffered = (config: Config) => googleClient(config) !== null;

/**
 * better-auth's plugins for Google sign-in (OpenID Connect code flow with PKCE, provider id `google`). In production
 * with no Google client there are none, so better-auth has no Google route at all: never the stand-in.
 */
export function googleSignInPlugins(config: Config) {
  const google = googleClient(config);
  if (!google) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: 'google',
          name: 'Google',
          ...google,
          pkce: true,
          tokenEndpointAuth: { method: 'client_secret_post' },
          scopes: ['openid', 'email', 'profile'],
          mapProfileToUser: (profile) => ({
            name: typeof profile.name === 'string' && profile.name ? profile.name : String(profile.email ?? 'User'),
            image: typeof profile.picture === 'string' ? profile.picture : undefined,
          }),
        },
      ],
    }),
  ];
}
