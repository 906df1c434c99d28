import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const faqs = pgTable('faqs', {
  id: text('id').primaryKey(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Imported as the demo content at first start (migration 0160). */
  demo: boolean('demo').notNull().default(false),
});

export const helpGuides = pgTable('help_guides', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull().default(''),
  userLevel: text('user_level').notNull().default('beginner'),
  consoleTypes: text('console_types').array().notNull().default([]),
  navigation: text('navigation').notNull().default(''),
  howToUse: text('how_to_use').notNull().default(''),
  tags: text('tags').array().notNull().default([]),
  lastUpdated: stamp('last_updated'),
  /** Imported as the demo content at first start (migration 0160). */
  demo: boolean('demo').notNull().default(false),
});

/** A card of the public portfolio (/portfolio), edited by staff; each store or website link is optional. */
export const portfolioEntries = pgTable('portfolio_entries', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').notNull().default(''),
  description: text('description').notNull().default(''),
  imageUrl: text('image_url'),
  imageAlt: text('image_alt').notNull().default(''),
  appStoreUrl: text('app_store_url'),
  playStoreUrl: text('play_store_url'),
  websiteUrl: text('website_url'),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Imported as the demo content at first start (migration 0160). */
  demo: boolean('demo').notNull().default(false),
});

/** A business named in the landing page's "Trusted by 1,000+ locations" strip, edited by staff. */
export const trustedBusinesses = pgTable('trusted_businesses', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Imported as the demo content at first start (migration 0160). */
  demo: boolean('demo').notNull().default(false),
});
