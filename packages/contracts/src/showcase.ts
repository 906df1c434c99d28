import { z } from 'zod';
import { line, lines } from './help.ts';

/**
 * What the public pages show of the business's own work: the portfolio's cards (/portfolio) and the names in the
 * landing page's "Trusted by 1,000+ locations" strip. Content that staff edit in the console (/staff/portfolio,
 * /staff/trusted-by) and that the content import and export carry; the demo content fills them outside production.
 */

export const portfolioEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** What it is, e.g. "Restaurant app". */
  kind: z.string(),
  description: z.string(),
  /** An http(s) address or a path on this site; null shows no picture. */
  imageUrl: z.string().nullable(),
  imageAlt: z.string(),
  appStoreUrl: z.string().nullable(),
  playStoreUrl: z.string().nullable(),
  websiteUrl: z.string().nullable(),
});
export type PortfolioEntry = z.infer<typeof portfolioEntrySchema>;
export const portfolioListSchema = z.object({ entries: z.array(portfolioEntrySchema) });
export type PortfolioList = z.infer<typeof portfolioListSchema>;

export const trustedBusinessSchema = z.object({ id: z.string(), name: z.string() });
export type TrustedBusiness = z.infer<typeof trustedBusinessSchema>;
export const trustedByListSchema = z.object({ businesses: z.array(trustedBusinessSchema) });
export type TrustedByList = z.infer<typeof trustedByListSchema>;

/** An outside address typed in a form: empty for none, else an https (or http) address. */
const outsideAddress = (label: string) =>
  line(label, 500).refine((s) => s === '' || /^https?:\/\/[^\s]+$/.test(s), `${label} must start with https://.`);

/** A picture: empty for none, an https address, or a path on this site such as /media/portfolio/app.svg. */
const pictureAddress = line('Image address', 500).refine(
  (s) => s === '' || /^https?:\/\/[^\s]+$/.test(s) || /^\/[^\s/][^\s]*$/.test(s),
  'Image address must start with https:// or /.',
);

/** The staff form of a portfolio entry; an empty address means none (stored as null). */
export const portfolioEntryInputSchema = z.object({
  name: line('Name', 100, true),
  kind: line('Kind', 100),
  description: lines('Description', 1000),
  imageUrl: pictureAddress,
  imageAlt: line('Image description', 200),
  appStoreUrl: outsideAddress('App Store address'),
  playStoreUrl: outsideAddress('Play Store address'),
  websiteUrl: outsideAddress('Website address'),
});
export type PortfolioEntryInput = z.infer<typeof portfolioEntryInputSchema>;
export const portfolioEntryParamsSchema = z.object({ entryId: z.string().min(1).max(200) });

export const trustedBusinessInputSchema = z.object({ name: line('Name', 60, true) });
export type TrustedBusinessInput = z.infer<typeof trustedBusinessInputSchema>;
export const trustedBusinessParamsSchema = z.object({ businessId: z.string().min(1).max(200) });
