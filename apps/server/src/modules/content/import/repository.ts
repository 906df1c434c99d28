import { inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { users } from '../../../platform/auth/schema.ts';
import { subscriptions } from '../../subscriptions/index.ts';

/** Users named by id or by e-mail (compared case-insensitively). */
export async function findUsers(db: Db, ids: string[], emails: string[]) {
  if (!ids.length && !emails.length) return [];
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      or(
        inArray(users.id, ids.length ? ids : ['']),
        inArray(sql`lower(${users.email})`, emails.length ? emails : ['']),
      ),
    );
}

export async function findSubscriptionOwners(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: subscriptions.id, userId: subscriptions.userId })
    .from(subscriptions)
    .where(inArray(subscriptions.id, ids));
}

/** Serialises imports, so that two at once cannot interleave their upserts. */
export async function lockImports(db: Db) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727275)`);
}

/** The tables that hold content (projects belong to customers, so they do not count as content). */
export const CONTENT_TABLES = [
  'services',
  'faqs',
  'featured_banners',
  'help_guides',
  'form_items',
  'promo_codes',
  'completion_step_templates',
  'portfolio_entries',
  'trusted_businesses',
] as const;

/** True when none of the content tables holds a row: the database has never had content. */
export async function contentIsEmpty(db: Db): Promise<boolean> {
  const probe = CONTENT_TABLES.map((t) => `EXISTS (SELECT 1 FROM ${t})`).join(' OR ');
  const result = await db.execute(sql.raw(`SELECT (${probe}) AS has_content`));
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    has_content: boolean;
  }[];
  return !rows[0]?.has_content;
}
