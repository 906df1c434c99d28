import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteConfigSchema } from '@portal/contracts/site';

export async function siteRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
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
  app.get(
    '/api/site',
    { schema: { tags: ['site'], summary: 'Outside links shown on the pages', response: { 200: siteConfigSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return body;
    },
  );
}
