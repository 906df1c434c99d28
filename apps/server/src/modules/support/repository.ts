import { and, desc, eq, getTableColumns, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AssignedFilter } from '@portal/contracts/team-inbox';
import type { PageQuery } from '@portal/contracts/page';
import type { ChatStatus, MessageType, MessengerType } from '@portal/contracts/support';
import { actsAsStaff, type SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../../platform/auth/schema.ts';
import { afterCursor, keysetKey } from '../../platform/db/keyset.ts';
import { upsertInto } from '../../platform/db/upsert.ts';
import { likePattern } from '../../platform/db/like.ts';
import { supportChats, supportMessages, type ChatRow } from './schema.ts';

/** Who is asking: a customer sees their own chats, staff see every chat. */
export type ChatViewer = Pick<SessionUser, 'id' | 'role' | 'twoFactorEnabled'>;

const visibleTo = (viewer: ChatViewer): SQL | undefined =>
  actsAsStaff(viewer) ? undefined : eq(supportChats.userId, viewer.id);

export async function insertChat(db: Db, chat: { id: string; userId: string; reason: string; now: Date }) {
  await db.insert(supportChats).values({
    id: chat.id,
    userId: chat.userId,
    reason: chat.reason,
    createdAt: chat.now,
    lastActivityAt: chat.now,
  });
}

/** The chat if this viewer may see it. `lock` holds the row until the transaction ends (send versus close). */
export async function findChat(db: Db, viewer: ChatViewer, chatId: string, lock = false): Promise<ChatRow | undefined> {
  const query = db
    .select()
    .from(supportChats)
    .where(and(eq(supportChats.id, chatId), visibleTo(viewer)));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export interface NewMessage {
  id: string;
  chatId: string;
  senderId: string;
  messengerType: MessengerType;
  messageType: MessageType;
  textMessage: string | null;
  uploadId: string | null;
  sentAt: Date;
}

/** Stores a message and makes it the chat's latest activity; a customer's message counts as unread by support. */
export async function insertMessage(db: Db, message: NewMessage) {
  await db.insert(supportMessages).values(message);
  await db
    .update(supportChats)
    .set({
      lastActivityAt: message.sentAt,
      lastMessageType: message.messageType,
      lastMessageText: message.textMessage,
      lastMessengerType: message.messengerType,
      ...(message.messengerType === 'user' ? { unreadForSupport: sql`${supportChats.unreadForSupport} + 1` } : {}),
    })
    .where(eq(supportChats.id, message.chatId));
}

/** Support opened the chat: nothing unread, and the customer's messages until now are seen. */
export async function markReadBySupport(db: Db, chatId: string, now: Date) {
  await db.update(supportChats).set({ supportReadAt: now, unreadForSupport: 0 }).where(eq(supportChats.id, chatId));
}

/**
 * A page of a chat's messages, newest first (the caller shows them oldest first), each with its sender's name (staff
 * see who replied), after the cursor of the newer page before it.
 */
export function listMessagesPage(db: Db, chatId: string, page: PageQuery) {
  return db
    .select({ message: supportMessages, senderName: users.name, id: supportMessages.id, keysetKey: keysetKey(supportMessages.position, 'integer') })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.senderId))
    .where(and(eq(supportMessages.chatId, chatId), afterCursor(supportMessages.position, supportMessages.id, page.cursor, 'desc', 'integer')))
    .orderBy(desc(supportMessages.position), desc(supportMessages.id))
    .limit(page.limit + 1);
}

/** A page of one customer's chats, most recent activity first. */
export function listChatsOfUser(db: Db, userId: string, page: PageQuery) {
  return db
    .select({ ...getTableColumns(supportChats), keysetKey: keysetKey(supportChats.lastActivityAt) })
    .from(supportChats)
    .where(and(eq(supportChats.userId, userId), afterCursor(supportChats.lastActivityAt, supportChats.id, page.cursor, 'desc')))
    .orderBy(desc(supportChats.lastActivityAt), desc(supportChats.id))
    .limit(page.limit + 1);
}

export interface StaffChatFilter extends PageQuery {
  status?: ChatStatus;
  /** Part of the customer's name or e-mail, any case. */
  q?: string;
  customerId?: string;
  /** "Mine" (assigned to `viewerId`) or "Unassigned". */
  assigned?: AssignedFilter;
  viewerId?: string;
}

/** The staff member a chat is assigned to, joined by the inbox and the conversation. */

const assignedTo = (filter: StaffChatFilter): SQL | undefined => {
  if (filter.assigned === 'none') return isNull(supportChats.assigneeId);
  if (filter.assigned === 'me') return eq(supportChats.assigneeId, filter.viewerId ?? '');
  return undefined;
};

/** The inbox's rank: OPEN chats (1) before CLOSED ones (0). Index support_chats_inbox_page_idx is on this expression. */
const inboxRank = sql<number>`(CASE WHEN ${supportChats.status} = 'OPEN' THEN 1 ELSE 0 END)`;
const rankOf = (status: ChatStatus) => (status === 'OPEN' ? 1 : 0);

/**
 * A page of every chat with its customer (staff): OPEN first, then most recent activity first. A status is OPEN or
 * CLOSED (its CHECK), so its rank names it: the read is one range of the inbox index.
 */
export function listAllChats(db: Db, filter: StaffChatFilter) {
  const where = and(
    filter.status ? eq(inboxRank, rankOf(filter.status)) : undefined,
    filter.customerId ? eq(supportChats.userId, filter.customerId) : undefined,
    assignedTo(filter),
    filter.q ? or(ilike(users.name, likePattern(filter.q)), ilike(users.email, likePattern(filter.q))) : undefined,
    afterCursor(supportChats.lastActivityAt, supportChats.id, filter.cursor, 'desc', 'timestamp', inboxRank),
  );
  return db
    .select({
      chat: supportChats,
      customer: { id: users.id, name: users.name, email: users.email },
      // The assignee's name for the page's rows only: a join to every staff row would let the planner sort the whole
      // inbox before the page (staff-list-pages.test.ts reads the plan).
      assignee: { id: supportChats.assigneeId, name: sql<string>`(SELECT a.name FROM users a WHERE a.id = ${supportChats.assigneeId})` },
      id: supportChats.id,
      keysetKey: keysetKey(supportChats.lastActivityAt, 'timestamp', inboxRank),
    })
    .from(supportChats)
    .innerJoin(users, eq(users.id, supportChats.userId))
    .where(where)
    .orderBy(desc(inboxRank), desc(supportChats.lastActivityAt), desc(supportChats.id))
    .limit(filter.limit + 1);
}

export async function findCustomer(db: Db, userId: string) {
  const rows = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return rows[0];
}

/** The chat's assignee with their name, or null. */
export async function findAssignee(db: Db, assigneeId: string | null) {
  if (!assigneeId) return null;
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, assigneeId));
  return rows[0] ?? null;
}

export async function updateChatStatus(db: Db, chatId: string, status: ChatStatus, now: Date) {
  await db.update(supportChats).set({ status, ...(status === 'CLOSED' ? { closedAt: now } : {}) }).where(eq(supportChats.id, chatId));
}

/** Chats and their messages in bulk (the migration): a row is written only where a compared field differs. */
export const upsertChats = upsertInto(supportChats, 'id');
export const upsertMessages = upsertInto(supportMessages, 'id');

/** Deletes chats (an account's, when it is erased) with their messages and notes. */
export async function deleteChats(tx: Db, chatIds: string[]) {
  if (chatIds.length > 0) await tx.delete(supportChats).where(inArray(supportChats.id, chatIds));
}
