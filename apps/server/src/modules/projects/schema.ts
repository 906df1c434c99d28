import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/schema.ts';
import { subscriptions } from '../subscriptions/index.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const projects = pgTable('projects', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  subscriptionId: text('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
  projectName: text('project_name').notNull(),
  businessName: text('business_name').notNull().default(''),
  businessLogo: text('business_logo'),
  clientNotes: text('client_notes'),
  releaseStatus: text('release_status').notNull().default('PENDING'),
  createdAt: stamp('created_at').notNull().defaultNow(),
  lastModifiedAt: stamp('last_modified_at').notNull().defaultNow(),
  publishedAt: stamp('published_at'),
  playStoreUrl: text('play_store_url'),
  appStoreUrl: text('app_store_url'),
  websiteUrl: text('website_url'),
  apkDownloadUrl: text('apk_download_url'),
});

/** The stages every new project starts with, in order (migration 0440, decision 0075). */
export const projectStageTemplates = pgTable('project_stage_templates', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  name: text('name').notNull(),
  /** Days after the previous stage is reached that this one is expected; null: no expected date. */
  expectedDays: integer('expected_days'),
  /** Reaching this stage publishes the project. */
  launches: boolean('launches').notNull().default(false),
  demo: boolean('demo').notNull().default(false),
});

/** One project's stages, copied from the templates at creation and then edited for that project. */
export const projectStages = pgTable('project_stages', {
  id: text('id').primaryKey(),
  projectId: text('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  name: text('name').notNull(),
  launches: boolean('launches').notNull().default(false),
  expectedAt: stamp('expected_at'),
  /** The template's days, kept to date this stage when the one before is reached (migration 0442). */
  expectedDays: integer('expected_days'),
  /** Staff set `expectedAt` themselves: reaching the stage before leaves it as it is. */
  expectedByHand: boolean('expected_by_hand').notNull().default(false),
  reachedAt: stamp('reached_at'),
  approvedAt: stamp('approved_at'),
  approvedBy: text('approved_by').references(() => users.id, { onDelete: 'set null' }),
});

export type ReviewKind = 'preview' | 'approved' | 'changes_requested';
export type ReviewAuthorRole = 'customer' | 'staff';
/** A file of a review entry: the preview's images and video, or a customer's marked-up screenshot. */
export interface ReviewAttachment {
  uploadId: string;
  kind: 'image' | 'video';
}

/** A stage's review in rounds: a staff preview opens a round, the customer's decision closes it. */
export const projectReviews = pgTable('project_reviews', {
  id: text('id').primaryKey(),
  projectId: text('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  stageId: text('stage_id')
    .notNull()
    .references(() => projectStages.id, { onDelete: 'cascade' }),
  round: integer('round').notNull(),
  kind: text('kind').$type<ReviewKind>().notNull(),
  authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
  authorRole: text('author_role').$type<ReviewAuthorRole>().notNull(),
  authorName: text('author_name').notNull(),
  comment: text('comment').notNull().default(''),
  link: text('link'),
  attachments: jsonb('attachments').$type<ReviewAttachment[]>().notNull().default([]),
  createdAt: stamp('created_at').notNull(),
});

/** What the app stores need, filled by the customer; empty text is a field not filled yet. */
export const projectStoreListings = pgTable('project_store_listings', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  appName: text('app_name').notNull().default(''),
  shortDescription: text('short_description').notNull().default(''),
  fullDescription: text('full_description').notNull().default(''),
  keywords: text('keywords').notNull().default(''),
  supportUrl: text('support_url').notNull().default(''),
  privacyUrl: text('privacy_url').notNull().default(''),
  category: text('category').notNull().default(''),
  iconUploadId: text('icon_upload_id'),
  /** Upload ids by device size. */
  screenshots: jsonb('screenshots').$type<Record<string, string[]>>().notNull().default({}),
  updatedAt: stamp('updated_at').notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
