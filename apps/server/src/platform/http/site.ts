import type { FastifyInstance } from 'fastify';
import { getSiteConfig } from '@portal/contracts/routes';
import type { SiteLinks } from '@portal/contracts/site';
import type { Config } from '../../config.ts';
import { googleSignInOffered } from '../auth/google-sign-in.ts';
import { registerRoute } from './route.ts';

/**
 * The outside links the pages show, from the server's settings: the site config, and the prerendered landing page.
 * An unset link is null (production has no invented defaults): the pages then show no link for it.
 */
export const siteLinks = (c: Config): SiteLinks => ({
  appStore: c.LINK_APP_STORE ?? null,
  playStore: c.LINK_PLAY_STORE ?? null,
  instagram: c.LINK_INSTAGRAM ?? null,
  facebook: c.LINK_FACEBOOK ?? null,
  tiktok: c.LINK_TIKTOK ?? null,
  x: c.LINK_X ?? null,
  menuSync: c.LINK_MENU_SYNC ?? null,
  videoEmbed: c.LINK_VIDEO_EMBED ?? null,
});

export async function siteRoutes(app: FastifyInstance) {
  const body = { links: siteLinks(app.config), googleSignIn: googleSignInOffered(app.config) };
  registerRoute(app, getSiteConfig, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return body;
  });
}
