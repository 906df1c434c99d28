import { z } from 'zod';
import { IMAGE_FORMATS, SCREENSHOT_DEVICES, type ScreenshotDevice } from './store-listing-images.ts';

export * from './store-listing-images.ts';

/**
 * What the app stores need for a project's listing (issue 27), checked as the stores check them. The rules live
 * here once: the server refuses a save that breaks them, the web form shows the same messages as the customer types.
 */

/** Uploads of a listing's icon and screenshots; the target is the project's id. */
export const STORE_LISTING_IMAGE_PURPOSE = 'store-listing-image';

/** Character limits: App Store and Google Play both cut an app's name at 30; the short description is Google Play's. */
export const LISTING_LIMITS = { appName: 30, shortDescription: 80, fullDescription: 4000, keywords: 100, url: 500 } as const;

/** Primary categories of both stores that fit a small business's app. */
export const LISTING_CATEGORIES = [
  'Beauty',
  'Books',
  'Business',
  'Education',
  'Entertainment',
  'Finance',
  'Food & Drink',
  'Health & Fitness',
  'Lifestyle',
  'Medical',
  'Music',
  'News',
  'Photo & Video',
  'Productivity',
  'Shopping',
  'Social Networking',
  'Sports',
  'Travel',
  'Utilities',
] as const;

export const LISTING_TEXT_FIELDS = ['appName', 'shortDescription', 'fullDescription', 'keywords', 'supportUrl', 'privacyUrl', 'category'] as const;
export type ListingTextField = (typeof LISTING_TEXT_FIELDS)[number];
/** The name a refusal or a missing item gives: a text field, the icon, or one device's screenshots. */
export type ListingField = ListingTextField | 'iconUploadId' | `screenshots.${ScreenshotDevice}`;

export const LISTING_FIELD_LABELS: Record<ListingTextField | 'iconUploadId', string> = {
  appName: 'App name',
  shortDescription: 'Short description',
  fullDescription: 'Full description',
  keywords: 'Keywords',
  supportUrl: 'Support URL',
  privacyUrl: 'Privacy policy URL',
  category: 'Category',
  iconUploadId: 'App icon',
};

/** Characters as the stores count them: one per code point, so an emoji is one, not two. */
export const charCount = (text: string) => [...text].length;

const maxText = z.string().max(20_000).default('');
const uploadIds = z.array(z.string().min(1).max(100)).max(50).default([]);

/**
 * A save of the listing as a draft: any field may be empty. The request's schema only bounds its shape; lengths and
 * formats are checked field by field (listingTextProblems), so that a refusal names each field in words.
 */
export const storeListingDraftSchema = z.object({
  appName: maxText,
  shortDescription: maxText,
  fullDescription: maxText,
  keywords: maxText,
  supportUrl: maxText,
  privacyUrl: maxText,
  category: maxText,
  iconUploadId: z.string().min(1).max(100).nullable().default(null),
  screenshots: z
    .object({ iphone69: uploadIds, ipad13: uploadIds, androidPhone: uploadIds })
    .default({ iphone69: [], ipad13: [], androidPhone: [] }),
});
export type StoreListingDraftInput = z.input<typeof storeListingDraftSchema>;
export type StoreListingDraft = z.output<typeof storeListingDraftSchema>;

/** The text fields as saved: trimmed at both ends (inner line breaks of the full description stay). */
export function trimmedText(draft: Pick<StoreListingDraft, ListingTextField>): Record<ListingTextField, string> {
  return Object.fromEntries(LISTING_TEXT_FIELDS.map((field) => [field, draft[field].trim()])) as Record<ListingTextField, string>;
}

const tooLong = (label: string, max: number, length: number) => `${label} can be at most ${max} characters (it has ${length}).`;

/** Whether the text is an https address with a host name, as the stores ask for support and privacy pages. */
export function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Problems of the filled text fields, by field (empty fields are missing, not wrong). */
export function listingTextProblems(draft: Pick<StoreListingDraft, ListingTextField>): Partial<Record<ListingTextField, string>> {
  const text = trimmedText(draft);
  const problems: Partial<Record<ListingTextField, string>> = {};
  for (const field of ['appName', 'shortDescription', 'fullDescription', 'keywords'] as const) {
    const length = charCount(text[field]);
    if (length > LISTING_LIMITS[field]) problems[field] = tooLong(LISTING_FIELD_LABELS[field], LISTING_LIMITS[field], length);
  }
  if (!problems.keywords && text.keywords && text.keywords.split(',').some((keyword) => !keyword.trim())) {
    problems.keywords = 'Separate keywords with commas, with a word between each two commas.';
  }
  for (const field of ['supportUrl', 'privacyUrl'] as const) {
    if (!text[field]) continue;
    if (charCount(text[field]) > LISTING_LIMITS.url) problems[field] = tooLong(LISTING_FIELD_LABELS[field], LISTING_LIMITS.url, charCount(text[field]));
    else if (!isHttpsUrl(text[field])) problems[field] = `${LISTING_FIELD_LABELS[field]} must be a web address starting with https://.`;
  }
  if (text.category && !(LISTING_CATEGORIES as readonly string[]).includes(text.category)) problems.category = 'Choose a category from the list.';
  return problems;
}

/** Too many screenshots for a device, in words; null when the count is within the store's limit. */
export function screenshotCountProblem(device: ScreenshotDevice, count: number): string | null {
  const { label, max } = SCREENSHOT_DEVICES[device];
  return count > max ? `At most ${max} ${label} screenshots can be sent (there are ${count}).` : null;
}

export const listingFieldProblemSchema = z.object({ field: z.string(), message: z.string() });
export type ListingFieldProblem = z.infer<typeof listingFieldProblemSchema>;

/** A refused save: 400 LISTING_INVALID with every field concerned and what is wrong with it. */
export const LISTING_INVALID = { code: 'LISTING_INVALID', message: 'Some details need your attention. See the fields marked.' } as const;
export const storeListingRefusalSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.array(listingFieldProblemSchema).optional() }),
});

/** An icon or screenshot as the server read it from the stored file. */
export const listingImageSchema = z.object({
  uploadId: z.string(),
  url: z.string(),
  format: z.enum(IMAGE_FORMATS),
  width: z.number().int(),
  height: z.number().int(),
});
export type ListingImage = z.infer<typeof listingImageSchema>;

export const missingItemSchema = z.object({ field: z.string(), label: z.string() });
export type MissingItem = z.infer<typeof missingItemSchema>;

/** The listing as saved, with what the stores still need (`missing`) and whether nothing is (`ready`). */
export const storeListingSchema = z.object({
  projectId: z.string(),
  appName: z.string(),
  shortDescription: z.string(),
  fullDescription: z.string(),
  keywords: z.string(),
  supportUrl: z.string(),
  privacyUrl: z.string(),
  category: z.string(),
  icon: listingImageSchema.nullable(),
  screenshots: z.object({ iphone69: z.array(listingImageSchema), ipad13: z.array(listingImageSchema), androidPhone: z.array(listingImageSchema) }),
  /** Epoch milliseconds of the last save; null when nothing was saved yet. */
  updatedTimestamp: z.number().int().nullable(),
  missing: z.array(missingItemSchema),
  ready: z.boolean(),
});
export type StoreListing = z.infer<typeof storeListingSchema>;

const REQUIRED_TEXT: ListingTextField[] = ['appName', 'shortDescription', 'fullDescription', 'supportUrl', 'privacyUrl', 'category'];

/** The required items not filled yet, in the order of the form. */
export function missingItems(listing: Pick<StoreListing, ListingTextField | 'icon' | 'screenshots'>): MissingItem[] {
  const missing: MissingItem[] = REQUIRED_TEXT.filter((field) => !listing[field].trim()).map((field) => ({ field, label: LISTING_FIELD_LABELS[field] }));
  if (!listing.icon) missing.push({ field: 'iconUploadId', label: LISTING_FIELD_LABELS.iconUploadId });
  for (const device of Object.keys(SCREENSHOT_DEVICES) as ScreenshotDevice[]) {
    const { label, min } = SCREENSHOT_DEVICES[device];
    if (listing.screenshots[device].length < min) missing.push({ field: `screenshots.${device}`, label: `${label} screenshots (at least ${min})` });
  }
  return missing;
}
