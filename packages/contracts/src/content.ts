import { z } from 'zod';

// Deletion requests belong to the account; kept here too for existing importers.
export {
  DELETION_REQUIRED_MESSAGE,
  deletionRequestInputSchema,
  deletionRequestSchema,
  deletionRequestListSchema,
  type DeletionRequestInput,
  type DeletionRequest,
} from './account.ts';

/** What one import did to one collection. */
export const importedCollectionSchema = z.object({
  name: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Records that were not in a replacing file and were deleted. */
  removed: z.number().int(),
  /** Plans that were not in a replacing file (or were demo plans) but that subscriptions use: hidden, not deleted. */
  hidden: z.number().int(),
  /** Demo records (imported at first start) deleted because this import brings the operator's own collection. */
  demoRemoved: z.number().int(),
});
export type ImportedCollection = z.infer<typeof importedCollectionSchema>;

/** The answer of an import: per collection counts, and the top-level keys that are not content. */
export const importSummarySchema = z.object({
  collections: z.array(importedCollectionSchema),
  ignored: z.array(z.string()),
  /** The collections in the file replaced the stored ones (records missing from the file were removed or hidden). */
  replaced: z.boolean(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** The parts of an export file by their place in it, named as the staff console names them. */
const COLLECTION_LABELS: Record<string, string> = {
  Services: 'Plans',
  PromoCodes: 'Promo codes',
  FAQs: 'FAQs',
  FeaturedBanner: 'Banners',
  'Guides/Android/settings': 'Help guides',
  'Forms/NewSubscriptionForm': 'Questionnaire',
  CompletionStepTemplates: 'Step templates',
  ProjectStageTemplates: 'Project stages',
  Portfolio: 'Portfolio',
  TrustedBy: 'Trusted by',
  Projects: "Customers' projects",
};

/** "Services" → "Plans": a part of the file as staff know it (a place it does not know reads as it is). */
export const importedCollectionLabel = (path: string): string => COLLECTION_LABELS[path] ?? path;

/** What an import did to one collection, in words: "2 new, 0 updated, 5 unchanged, 3 removed". */
export function describeImportedCollection(c: ImportedCollection, replaced: boolean): string {
  const parts = [`${c.created} new`, `${c.updated} updated`, `${c.unchanged} unchanged`];
  if (replaced) parts.push(`${c.removed} removed`);
  if (c.hidden) parts.push(`${c.hidden} hidden (subscriptions use them)`);
  if (c.demoRemoved) parts.push(`${c.demoRemoved} demo records removed`);
  return parts.join(', ');
}

/** `?replace=true`: the collections in the file become exactly the file. */
export const importQuerySchema = z.object({ replace: z.enum(['true', 'false']).optional() });

/** A content export, in the importer's format (the realtime database's paths, records keyed by id). */
export const contentExportSchema = z.record(z.string(), z.unknown());
