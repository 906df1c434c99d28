import { eq } from 'drizzle-orm';
import type { MailPreferences } from '@portal/contracts/notifications';
import type { Db } from '../../platform/db/client.ts';
import { mailPreferences } from './schema.ts';

/** The non-essential kinds a customer can turn off; receipts, billing and security mail are always sent. */
export type OptionalMail = keyof MailPreferences;

export async function preferencesOf(db: Db, userId: string): Promise<MailPreferences> {
  const [row] = await db.select().from(mailPreferences).where(eq(mailPreferences.userId, userId));
  return {
    supportReplies: row?.supportReplies ?? true,
    projectUpdates: row?.projectUpdates ?? true,
    renewalReminders: row?.renewalReminders ?? true,
    projectPreviews: row?.projectPreviews ?? true,
    projectDecisions: row?.projectDecisions ?? true,
    projectStages: row?.projectStages ?? true,
  };
}

export async function savePreferences(db: Db, userId: string, prefs: MailPreferences, now: Date): Promise<MailPreferences> {
  await db
    .insert(mailPreferences)
    .values({ userId, ...prefs, updatedAt: now })
    .onConflictDoUpdate({ target: mailPreferences.userId, set: { ...prefs, updatedAt: now } });
  return prefs;
}

export async function wantsMail(db: Db, userId: string, kind: OptionalMail): Promise<boolean> {
  return (await preferencesOf(db, userId))[kind];
}
