import type { PgTable } from 'drizzle-orm/pg-core';
import { promoCodes } from '../../billing/index.ts';
import { featuredBanners, formItems } from '../../onboarding/index.ts';
import { services } from '../../plans/index.ts';
import { completionStepTemplates } from '../../subscriptions/index.ts';
import { faqs, helpGuides, portfolioEntries, trustedBusinesses } from '../schema.ts';
import type { CollectionName } from './parse.ts';

/**
 * Where each content collection is stored: its table, the key property, and which row property holds each field
 * of an export record. The import writes rows from records and compares these properties; the export writes
 * records back from rows (dates as epoch milliseconds), so that importing an export changes nothing.
 */
export interface StoredCollection {
  table: PgTable;
  key: string;
  fields: Record<string, string>;
}

const same = (...names: string[]) => Object.fromEntries(names.map((n) => [n, n]));

/** In the order they are written: plans before the promo codes that name them. Projects are customers' records. */
export const CONTENT_COLLECTIONS: Record<Exclude<CollectionName, 'projects'>, StoredCollection> = {
  services: {
    table: services,
    key: 'id',
    fields: { ...same('title', 'price', 'amount', 'recurring', 'description', 'visibility'), order: 'sortOrder' },
  },
  // Redemptions are counted by checkout, never reset by an import.
  promoCodes: {
    table: promoCodes,
    key: 'code',
    fields: same('type', 'value', 'active', 'expiresAt', 'serviceIds', 'maxRedemptions'),
  },
  faqs: { table: faqs, key: 'id', fields: { ...same('question', 'answer'), order: 'sortOrder' } },
  banners: {
    table: featuredBanners,
    key: 'id',
    fields: { ImageUrl: 'imageUrl', LinkUrl: 'linkUrl', Title: 'title', Subtitle: 'subtitle', TimeCreated: 'timeCreated' },
  },
  guides: {
    table: helpGuides,
    key: 'id',
    fields: same('title', 'description', 'category', 'userLevel', 'consoleTypes', 'navigation', 'howToUse', 'tags', 'lastUpdated'),
  },
  formItems: {
    table: formItems,
    key: 'id',
    fields: { ...same('prompt', 'type', 'isRequired', 'options', 'maxImages'), order: 'sortOrder' },
  },
  stepTemplates: {
    table: completionStepTemplates,
    key: 'id',
    fields: { StepIndex: 'stepIndex', StepDetails: 'stepDetails', Place: 'place' },
  },
  portfolio: {
    table: portfolioEntries,
    key: 'id',
    fields: { ...same('name', 'kind', 'description', 'imageUrl', 'imageAlt', 'appStoreUrl', 'playStoreUrl', 'websiteUrl'), order: 'sortOrder' },
  },
  trustedBy: { table: trustedBusinesses, key: 'id', fields: { name: 'name', order: 'sortOrder' } },
};

/** The row of one parsed record. */
export function rowOf({ key, fields }: StoredCollection, id: string, record: Record<string, unknown>) {
  return { [key]: id, ...Object.fromEntries(Object.entries(fields).map(([field, property]) => [property, record[field]])) };
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
