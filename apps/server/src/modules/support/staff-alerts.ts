import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { ALERT_COUNT_CAP, type StaffAlertPreferences, type StaffInboxAlerts } from '@portal/contracts/team-inbox';
import { MEDIA_MESSAGE_LABEL } from '@portal/contracts/support';
import { users } from '../../platform/auth/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { supportChats } from './schema.ts';
import { staffAlertPreferences } from './team-schema.ts';

export const ALL_ALERTS_ON: StaffAlertPreferences = { tabTitleCount: true, browserNotifications: true, unansweredEmail: true };

export async function alertPreferencesOf(db: Db, userId: string): Promise<StaffAlertPreferences> {
  const [row] = await db.select().from(staffAlertPreferences).where(eq(staffAlertPreferences.userId, userId));
  return row ? { tabTitleCount: row.tabTitleCount, browserNotifications: row.browserNotifications, unansweredEmail: row.unansweredEmail } : ALL_ALERTS_ON;
}

/** Saves the switches given, keeping the others; one upsert, so two tabs saving at once each keep their switch. */
export async function saveAlertPreferences(db: Db, userId: string, change: Partial<StaffAlertPreferences>, now: Date): Promise<StaffAlertPreferences> {
  const set = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
  await db
    .insert(staffAlertPreferences)
    .values({ userId, ...ALL_ALERTS_ON, ...set, updatedAt: now })
    .onConflictDoUpdate({ target: staffAlertPreferences.userId, set: { ...set, updatedAt: now } });
  return alertPreferencesOf(db, userId);
}

/**
 * What waits for this staff member: an open chat with customer messages no one has read yet that is theirs or no
 * one's (a new chat, or a customer's reply). Counted up to one past the cap, so the count costs the same on any inbox
 * (index support_chats_waiting_idx).
 */
export async function inboxAlertsOf(db: Db, staffId: string): Promise<StaffInboxAlerts> {
  const waiting = and(
    eq(supportChats.status, 'OPEN'),
    gt(supportChats.unreadForSupport, 0),
    or(eq(supportChats.assigneeId, staffId), isNull(supportChats.assigneeId)),
  );
  const counted = db.select({ one: sql`1` }).from(supportChats).where(waiting).limit(ALERT_COUNT_CAP + 1).as('counted');
  const [[count], [newest], preferences] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(counted),
    db
      .select({ chat: supportChats, customerName: users.name, customerEmail: users.email })
      .from(supportChats)
      .innerJoin(users, eq(users.id, supportChats.userId))
      .where(waiting)
      .orderBy(desc(supportChats.lastActivityAt))
      .limit(1),
    alertPreferencesOf(db, staffId),
  ]);
  return {
    waiting: count?.n ?? 0,
    newest: newest
      ? {
          chatId: newest.chat.id,
          customerName: newest.customerName || newest.customerEmail,
          lastMessage: newest.chat.lastMessageType === 'text' ? (newest.chat.lastMessageText ?? '') : MEDIA_MESSAGE_LABEL,
          timestamp: newest.chat.lastActivityAt.getTime(),
        }
      : null,
    preferences,
  };
}
