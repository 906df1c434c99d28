import type { SessionState } from '../auth.ts';
import type { Endpoint } from '../route-helpers.ts';
import type { SiteConfig } from '../site.ts';

/**
 * The endpoints every page calls before it shows anything (the sign-in state, the outside links, the live event
 * stream), kept free of schemas: the web's first script calls them through these, without loading zod. Their
 * full route objects (`getSession`, `getSiteConfig`, `liveEvents`) are made from these, so each path is written once.
 * `Output` is the type of the answer, which the caller receives unparsed.
 */
export type ShellEndpoint<Output> = Endpoint & { readonly output?: Output };

const shell =
  <Output>() =>
  <const E extends Endpoint>(endpoint: E): E & { readonly output?: Output } =>
    endpoint;

export const shellEndpoints = {
  getSession: shell<SessionState>()({ method: 'GET', path: '/api/me' }),
  getSiteConfig: shell<SiteConfig>()({ method: 'GET', path: '/api/site' }),
  liveEvents: shell<never>()({ method: 'GET', path: '/api/events' }),
};
