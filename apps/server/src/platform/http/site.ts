import type { FastifyInstance } from 'fastify';
import { getSiteConfig } from '@portal/contracts/routes';
import type { SiteLinks } from '@portal/contracts/site';
import type { Config } from '../../config.ts';
import { registerRoute } from './route.ts';

/** The outside links the pages show, from the server's settings: the site config, and the prerendered landing page. */
export const siteLinks = (c: Config): SiteLinks => ({
  appStore: c.LINK_APP_STORE,
  playStore: c.LINK_PLAY_STORE,
  instagram: c.LINK_INSTAGRAM,
  facebook: c.LINK_FACEBOOK,
  tiktok: c.LINK_TIKTOK,
  x: c.LINK_X,
  menuSync: c.LINK_MENU_SYNC,
  videoEmbed: c.LINK_VIDEO_EMBED ?? null,
});

export async function siteRoutes(app: FastifyInstance) {
  const body = { links: siteLinks(app.config) };
  registerRoute(app, getSiteConfig, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return body;
  });
}
