import { z } from 'zod';

/** An outside link; null when the server has none set (in production), so the page shows no link for it. */
const outsideLink = z.string().nullable();

/** What the pages need from the server's settings: the outside links, and whether sign-in offers Google. */
export const siteConfigSchema = z.object({
  links: z.object({
    appStore: outsideLink,
    playStore: outsideLink,
    instagram: outsideLink,
    facebook: outsideLink,
    tiktok: outsideLink,
    x: outsideLink,
    menuSync: outsideLink,
    /** An outside video to embed on /how-it-works; null plays the portal's own clip. */
    videoEmbed: z.string().nullable(),
  }),
  /** Off in production until a Google client is configured: the sign-in page then shows no Google button. */
  googleSignIn: z.boolean(),
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

/** The "Trusted by" strip's one name on the prerendered landing page: the server repeats it for each business. */
export const TRUSTED_BY_NAME_PLACEHOLDER = '__trusted_by_name__';
