import { importedTable, type ImportedTable } from '../../../platform/db/imported-table.ts';
import { importedPromoCodes } from '../../billing/index.ts';
import { importedBanners, importedFormItems } from '../../onboarding/index.ts';
import { importedPlans } from '../../plans/index.ts';
import { importedStepTemplates } from '../../subscriptions/index.ts';
import { importedStageTemplates } from '../../projects/index.ts';
import { faqs, helpGuides, portfolioEntries, trustedBusinesses } from '../schema.ts';
import type { CollectionName } from './parse.ts';

/**
 * Where each content collection is stored: the owning module's writer of its table (decision 0072), and which row
 * property holds each field of an export record. The import writes rows from records through the writer, which
 * compares these properties; the export reads records back from the writer's table (dates as epoch milliseconds),
 * so that importing an export changes nothing.
 */
export interface StoredCollection {
  stored: ImportedTable;
  fields: Record<string, string>;
}

const same = (...names: string[]) => Object.fromEntries(names.map((n) => [n, n]));

/** In the order they are written: plans before the promo codes that name them. Projects are customers' records. */
export const CONTENT_COLLECTIONS: Record<Exclude<CollectionName, 'projects'>, StoredCollection> = {
  services: {
    stored: importedPlans,
    fields: { ...same('title', 'price', 'amount', 'recurring', 'description', 'visibility'), order: 'sortOrder' },
  },
  // Redemptions are counted by checkout, never reset by an import.
  promoCodes: {
    stored: importedPromoCodes,
    fields: same('type', 'value', 'active', 'expiresAt', 'serviceIds', 'maxRedemptions', 'duration', 'durationMonths', 'maxPerCustomer'),
  },
  faqs: { stored: importedTable(faqs, 'id'), fields: { ...same('question', 'answer'), order: 'sortOrder' } },
  banners: {
    stored: importedBanners,
    fields: { ImageUrl: 'imageUrl', LinkUrl: 'linkUrl', Title: 'title', Subtitle: 'subtitle', TimeCreated: 'timeCreated' },
  },
  guides: {
    stored: importedTable(helpGuides, 'id'),
    fields: same('title', 'description', 'category', 'userLevel', 'consoleTypes', 'navigation', 'howToUse', 'tags', 'lastUpdated'),
  },
  formItems: {
    stored: importedFormItems,
    fields: { ...same('prompt', 'type', 'isRequired', 'options', 'maxImages'), order: 'sortOrder' },
  },
  stepTemplates: {
    stored: importedStepTemplates,
    fields: { StepIndex: 'stepIndex', StepDetails: 'stepDetails', Place: 'place' },
  },
  stageTemplates: {
    stored: importedStageTemplates,
    fields: { ...same('name', 'expectedDays', 'launches'), order: 'position' },
  },
  portfolio: {
    stored: importedTable(portfolioEntries, 'id'),
    fields: { ...same('name', 'kind', 'description', 'imageUrl', 'imageAlt', 'appStoreUrl', 'playStoreUrl', 'websiteUrl'), order: 'sortOrder' },
  },
  trustedBy: { stored: importedTable(trustedBusinesses, 'id'), fields: { name: 'name', order: 'sortOrder' } },
};

/** The row of one parsed record. */
export function rowOf({ stored, fields }: StoredCollection, id: string, record: Record<string, unknown>) {
  return { [stored.key]: id, ...Object.fromEntries(Object.entries(fields).map(([field, property]) => [property, record[field]])) };
}

/** The export record of one stored row. */
export function recordOf({ fields }: StoredCollection, row: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(fields).map(([field, property]) => {
      const value = row[property];
      return [field, value instanceof Date ? value.getTime() : value];
    }),
  );
}
