import { randomUUID } from 'node:crypto';
import {
  MEDIA_MESSAGE_LABEL,
  type ChatDetail,
  type ChatList,
  type ChatMessage,
  type ChatStatus,
  type ChatSummary,
  type CreateChatResult,
  type MessengerType,
  type SendMessageInput,
  type SupportReason,
} from '@portal/contracts/support';
import type { PageQuery } from '@portal/contracts/page';
import type { StaffChatDetail, StaffChatList, StaffChatSummary } from '@portal/contracts/team-inbox';
import type { Db } from '../../platform/db/client.ts';
import { pageFrom } from '../../platform/db/keyset.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { fileUrl, requireChatUpload } from './media.ts';
import * as repo from './repository.ts';
import type { ChatRow, MessageRow } from './schema.ts';

const CHAT_NOT_FOUND = 'Chat not found.';

/** Every open page of this chat (the owner's, and staff's) refetches its ['chats', ...] queries. */
const publishChat = (db: Db, chat: Pick<ChatRow, 'id' | 'userId'>) =>
  publishChange(db, { topic: `chats:${chat.id}`, audience: { userId: chat.userId } });

const toSummary = (chat: ChatRow): ChatSummary => ({
  id: chat.id,
  reason: chat.reason,
  status: chat.status,
  lastMessage: chat.lastMessageType === 'text' ? (chat.lastMessageText ?? '') : MEDIA_MESSAGE_LABEL,
  lastMessengerType: chat.lastMessengerType,
  lastActivityTimestamp: chat.lastActivityAt.getTime(),
  createdTimestamp: chat.createdAt.getTime(),
});

const toMessage = (message: MessageRow): ChatMessage => {
  const url = message.uploadId ? fileUrl(message.uploadId) : null;
  return {
    id: message.id,
    messageType: message.messageType,
    textMessage: message.textMessage,
    image: message.messageType === 'image' ? url : null,
    video: message.messageType === 'video' ? url : null,
    document: message.messageType === 'document' ? url : null,
    messengerType: message.messengerType,
    sentTimestamp: message.sentAt.getTime(),
  };
};

export async function createChat(
  db: Db,
  user: repo.ChatViewer,
  input: { reason: SupportReason; initialMessage: string },
  now: Date,
): Promise<CreateChatResult> {
  const chatId = randomUUID();
  await db.transaction(async (tx) => {
    await repo.insertChat(tx, { id: chatId, userId: user.id, reason: input.reason, now });
    await repo.insertMessage(tx, {
      id: randomUUID(),
      chatId,
      senderId: user.id,
      messengerType: 'user',
      messageType: 'text',
      textMessage: input.initialMessage,
      uploadId: null,
      sentAt: now,
    });
    await publishChat(tx, { id: chatId, userId: user.id });
  });
  return { success: true, chatId };
}

export const toStaffSummary = (chat: ChatRow, customer: StaffChatSummary['customer'], assignee: StaffChatSummary['assignee']): StaffChatSummary => ({
  ...toSummary(chat),
  customer,
  unreadCount: chat.unreadForSupport,
  assignee: assignee?.id ? assignee : null,
});

/** Staff: the inbox, OPEN first then newest activity, filtered by status, customer or search, a page at a time. */
export async function listChatsForStaff(db: Db, filter: repo.StaffChatFilter): Promise<StaffChatList> {
  const page = pageFrom(await repo.listAllChats(db, filter), filter.limit);
  return { chats: page.rows.map(({ chat, customer, assignee }) => toStaffSummary(chat, customer, assignee.id ? { id: assignee.id, name: assignee.name } : null)), nextCursor: page.nextCursor };
}

/** Staff: a chat, a page of its messages (each reply naming the staff member who sent it) and its customer. */
export async function getChatForStaff(db: Db, staff: repo.ChatViewer, chatId: string, page: PageQuery): Promise<StaffChatDetail> {
  const { chat, detail, messages } = await getChat(db, staff, chatId, page);
  const customer = await repo.findCustomer(db, chat.userId);
  const staffMessages = messages.map(({ message, senderName }) => ({
    ...toMessage(message),
    senderName: message.messengerType === 'support' ? senderName : null,
  }));
  return { ...detail, messages: staffMessages, customer: customer!, assignee: await repo.findAssignee(db, chat.assigneeId) };
}

/** Staff opened the chat: its unread count clears and the customer sees "Seen" under their messages. */
export async function markChatRead(db: Db, staff: repo.ChatViewer, chatId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const chat = await repo.findChat(tx, staff, chatId, true);
    if (!chat) throw notFound(CHAT_NOT_FOUND);
    await repo.markReadBySupport(tx, chatId, now);
    await publishChat(tx, chat);
  });
}

/** A page of the customer's chats, most recent activity first. */
export async function listOwnChats(db: Db, userId: string, query: PageQuery): Promise<ChatList> {
  const page = pageFrom(await repo.listChatsOfUser(db, userId, query), query.limit);
  return { chats: page.rows.map(toSummary), nextCursor: page.nextCursor };
}

/**
 * The chat with a page of its messages, shown oldest first; another customer's chat does not exist as far as this
 * viewer knows. `messages` are the page's rows with their senders, for staff.
 */
export async function getChat(db: Db, viewer: repo.ChatViewer, chatId: string, query: PageQuery) {
  const chat = await repo.findChat(db, viewer, chatId);
  if (!chat) throw notFound(CHAT_NOT_FOUND);
  const page = pageFrom(await repo.listMessagesPage(db, chatId, query), query.limit);
  const messages = page.rows.reverse();
  const detail: ChatDetail = {
    id: chat.id,
    reason: chat.reason,
    status: chat.status,
    createdTimestamp: chat.createdAt.getTime(),
    messages: messages.map(({ message }) => toMessage(message)),
    nextCursor: page.nextCursor,
    supportReadTimestamp: chat.supportReadAt ? chat.supportReadAt.getTime() : null,
  };
  return { chat, detail, messages };
}

/**
 * Adds a message. The chat's owner writes as 'user' and staff as 'support', unless `as` says otherwise (the staff
 * API always answers as support). A closed chat takes no messages; a media message must name a completed upload
 * made for this chat with the matching purpose.
 */
export async function sendMessage(
  db: Db,
  viewer: repo.ChatViewer,
  chatId: string,
  input: SendMessageInput,
  now: Date,
  as?: MessengerType,
  /** Staff replies are audited under this staff member. */
  actor?: AuditActor,
): Promise<ChatMessage> {
  return db.transaction(async (tx) => {
    const chat = await repo.findChat(tx, viewer, chatId, true);
    if (!chat) throw notFound(CHAT_NOT_FOUND);
    if (chat.status === 'CLOSED') throw new AppError(409, 'CHAT_CLOSED', 'This conversation has been closed.');
    const uploadId = input.messageType === 'text' ? null : await requireChatUpload(tx, input.uploadId, input.messageType, chatId, viewer.id);
    const message: repo.NewMessage = {
      id: randomUUID(),
      chatId,
      senderId: viewer.id,
      messengerType: as ?? (chat.userId === viewer.id ? 'user' : 'support'),
      messageType: input.messageType,
      textMessage: input.messageType === 'text' ? input.textMessage : null,
      uploadId,
      sentAt: now,
    };
    await repo.insertMessage(tx, message);
    await publishChat(tx, chat);
    const sent = toMessage({ ...message, position: 0 });
    if (actor) {
      await recordAudit(tx, { actor, action: 'chat.reply', entityType: 'chat', entityId: chatId, customerId: chat.userId, before: null, after: sent, now });
    }
    return sent;
  });
}

/** Staff close or reopen a chat; the customer's open page follows at once. */
export async function setChatStatus(
  db: Db,
  staff: repo.ChatViewer & AuditActor,
  chatId: string,
  status: ChatStatus,
  now: Date,
): Promise<StaffChatSummary> {
  const chat = await db.transaction(async (tx) => {
    const found = await repo.findChat(tx, staff, chatId, true);
    if (!found) throw notFound(CHAT_NOT_FOUND);
    if (found.status !== status) {
      await repo.updateChatStatus(tx, chatId, status, now);
      await publishChat(tx, found);
      await recordAudit(tx, {
        actor: staff,
        action: status === 'CLOSED' ? 'chat.close' : 'chat.reopen',
        entityType: 'chat',
        entityId: chatId,
        customerId: found.userId,
        before: { status: found.status },
        after: { status },
        now,
      });
    }
    return { ...found, status };
  });
  return toStaffSummary(chat, (await repo.findCustomer(db, chat.userId))!, await repo.findAssignee(db, chat.assigneeId));
}
