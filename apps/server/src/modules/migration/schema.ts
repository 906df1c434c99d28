import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Which original storage path became which upload (0090_migration.sql). */
export const migrationFiles = pgTable('migration_files', {
  originalPath: text('original_path').primaryKey(),
  uploadId: text('upload_id').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  migratedAt: timestamp('migrated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
