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
