import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
