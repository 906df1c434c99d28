import type { FastifyInstance } from 'fastify';
import { getSiteConfig } from '@portal/contracts/routes';
import { registerRoute } from './route.ts';

export async function siteRoutes(app: FastifyInstance) {
  const c = app.config;
  const body = {
    links: {
      appStore: c.LINK_APP_STORE,
      playStore: c.LINK_PLAY_STORE,
      instagram: c.LINK_INSTAGRAM,
      facebook: c.LINK_FACEBOOK,
      tiktok: c.LINK_TIKTOK,
      x: c.LINK_X,
      menuSync: c.LINK_MENU_SYNC,
      videoEmbed: c.LINK_VIDEO_EMBED ?? null,
    },
  };
  registerRoute(app, getSiteConfig, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return body;
  });
}
