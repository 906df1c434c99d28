import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const promoCodes = pgTable('promo_codes', {
  code: text('code').primaryKey(),
  type: text('type', { enum: ['percent', 'amount'] }).notNull(),
  value: integer('value').notNull(),
  active: boolean('active').notNull().default(true),
  expiresAt: stamp('expires_at'),
  serviceIds: text('service_ids').array(),
  maxRedemptions: integer('max_redemptions'),
  redemptions: integer('redemptions').notNull().default(0),
  /** 0370: how long the discount lasts (decision 0062): the first payment, N months from it, or for good. */
  duration: text('duration', { enum: ['once', 'months', 'forever'] }).notNull().default('once'),
  durationMonths: integer('duration_months'),
  /** 0370: how many purchases one customer may make with it; null: no limit. */
  maxPerCustomer: integer('max_per_customer'),
  /** Imported as the demo content at first start (migration 0160). */
  demo: boolean('demo').notNull().default(false),
});

export interface FormItemOption {
  id: string;
  text: string;
}

export const formItems = pgTable('form_items', {
  id: text('id').primaryKey(),
  prompt: text('prompt').notNull(),
  type: text('type').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isRequired: boolean('is_required').notNull().default(false),
  options: jsonb('options').$type<FormItemOption[]>().notNull().default([]),
  maxImages: integer('max_images'),
  /** Imported as the demo content at first start (migration 0160). */
  demo: boolean('demo').notNull().default(false),
});

export const featuredBanners = pgTable('featured_banners', {
  id: text('id').primaryKey(),
  imageUrl: text('image_url').notNull(),
  linkUrl: text('link_url'),
  title: text('title'),
  subtitle: text('subtitle'),
  timeCreated: stamp('time_created').notNull().defaultNow(),
  /** Imported as the demo content at first start (migration 0160). */
  demo: boolean('demo').notNull().default(false),
});

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
