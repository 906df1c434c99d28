import { z } from 'zod';

/**
 * What must be true before a project is submitted to the stores (issue 27), shown to the customer and to staff.
 * Each item says whether it is done, in a few words, and where it is fixed: a page of the portal for the customer,
 * a section of the console for staff.
 */
export const LAUNCH_ITEMS = ['storeListing', 'previews', 'subscription', 'questionnaire'] as const;
export type LaunchItemKey = (typeof LAUNCH_ITEMS)[number];

export const LAUNCH_ITEM_LABELS: Record<LaunchItemKey, string> = {
  storeListing: 'Store listing complete',
  previews: 'Previews approved',
  subscription: 'Paid subscription active',
  questionnaire: 'Questionnaire submitted',
};

export const launchItemSchema = z.object({
  key: z.enum(LAUNCH_ITEMS),
  label: z.string(),
  done: z.boolean(),
  /** What stands in the way, or what was done, in a sentence. */
  detail: z.string(),
  /** A path of this site (with a section's #anchor) where the item is seen to or fixed. */
  link: z.string().startsWith('/'),
});
export type LaunchItem = z.infer<typeof launchItemSchema>;

export const launchChecklistSchema = z.object({
  projectId: z.string(),
  /** Every item is done. */
  ready: z.boolean(),
  items: z.array(launchItemSchema),
});
export type LaunchChecklist = z.infer<typeof launchChecklistSchema>;
