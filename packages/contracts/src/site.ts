import { z } from 'zod';

/** Outside links the pages show (stores, social, menu sync, video); set by the server's settings. */
export const siteConfigSchema = z.object({
  links: z.object({
    appStore: z.string(),
    playStore: z.string(),
    instagram: z.string(),
    facebook: z.string(),
    tiktok: z.string(),
    x: z.string(),
    menuSync: z.string(),
    /** An outside video to embed on /how-it-works; null plays the portal's own clip. */
    videoEmbed: z.string().nullable(),
  }),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
export type SiteLinks = SiteConfig['links'];

/**
 * The landing page is prerendered when the web app is built, before the server's settings are known: each outside
 * link is written as a placeholder, which the server fills in when it loads the page (apps/server
 * `platform/http/landing-page.ts`).
 */
export const siteLinkPlaceholder = (key: keyof SiteLinks) => `__site_link_${key}__`;
export const SITE_LINK_PLACEHOLDERS = /__site_link_([A-Za-z]+)__/g;
