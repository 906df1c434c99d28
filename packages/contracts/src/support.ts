import { z } from 'zod';
import { nextCursor, pageOf } from './page.ts';

/** The reasons a customer may give for a support chat (spec §9), in the order the form lists them. */
export const SUPPORT_REASONS = [
  'Account Issues',
  'Billing & Payments',
  'Subscription Problems',
  'Technical Support',
  'Feature Request',
  'Bug Report',
  'General Inquiry',
  'Other',
] as const;
export const DEFAULT_SUPPORT_REASON = 'General Inquiry';
export const supportReasonSchema = z.enum(SUPPORT_REASONS);
export type SupportReason = z.infer<typeof supportReasonSchema>;

/** Spec §9 chat constants. */
export const DEFAULT_CHAT_LABEL = 'Support Chat';
export const MEDIA_MESSAGE_LABEL = 'Media message';
export const CHAT_TEXT_MAX = 5000;
export const BLANK_MESSAGE = 'Please provide a message.';

export const chatStatusSchema = z.enum(['OPEN', 'CLOSED']);
export type ChatStatus = z.infer<typeof chatStatusSchema>;

export const messageTypeSchema = z.enum(['text', 'image', 'video', 'document']);
export type MessageType = z.infer<typeof messageTypeSchema>;

/** 'user' is the customer who owns the chat; 'support' is staff (spec §3 MessengerType). */
export const messengerTypeSchema = z.enum(['user', 'support']);
export type MessengerType = z.infer<typeof messengerTypeSchema>;

const chatText = z
  .string()
  .trim()
  .min(1, BLANK_MESSAGE)
  .max(CHAT_TEXT_MAX, `A message can be at most ${CHAT_TEXT_MAX} characters.`);

/** createSupportChat (spec §7). */
export const createChatSchema = z.object({
  reason: supportReasonSchema.default(DEFAULT_SUPPORT_REASON),
  initialMessage: chatText,
});
export type CreateChatInput = z.input<typeof createChatSchema>;
export const createChatResultSchema = z.object({ success: z.literal(true), chatId: z.string() });
export type CreateChatResult = z.infer<typeof createChatResultSchema>;

/**
 * sendSupportMessage (spec §7). A media message names a completed upload of the chat-image or chat-video
 * purpose made for this chat; the server turns it into the file's URL.
 */
export const sendMessageSchema = z.discriminatedUnion('messageType', [
  z.object({ messageType: z.literal('text'), textMessage: chatText }),
  z.object({ messageType: z.literal('image'), uploadId: z.string().min(1).max(100) }),
  z.object({ messageType: z.literal('video'), uploadId: z.string().min(1).max(100) }),
  z.object({ messageType: z.literal('document'), uploadId: z.string().min(1).max(100) }),
]);
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** One message of a chat view (spec §3 Chats). Times are epoch milliseconds. */
export const chatMessageSchema = z.object({
  id: z.string(),
  messageType: messageTypeSchema,
  textMessage: z.string().nullable(),
  image: z.string().nullable(),
  video: z.string().nullable(),
  /** A PDF document's URL: served as a download. */
  document: z.string().nullable().default(null),
  messengerType: messengerTypeSchema,
  sentTimestamp: z.number().int(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A chat as the customer's list shows it (spec §3 UserChats). */
export const chatSummarySchema = z.object({
  id: z.string(),
  reason: z.string(),
  status: chatStatusSchema,
  /** The last message's text, or "Media message" for an image or video. */
  lastMessage: z.string(),
  lastMessengerType: messengerTypeSchema,
  lastActivityTimestamp: z.number().int(),
  createdTimestamp: z.number().int(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;
/** The user's chats, most recent activity first, a page at a time. */
export const chatListSchema = pageOf('chats', chatSummarySchema);
export type ChatList = z.infer<typeof chatListSchema>;

/**
 * A chat with a page of its messages: the newest page first (`cursor` absent), shown oldest first within the page;
 * `nextCursor` reads the page of older messages before it.
 */
export const chatDetailSchema = z.object({
  id: z.string(),
  reason: z.string(),
  status: chatStatusSchema,
  createdTimestamp: z.number().int(),
  messages: z.array(chatMessageSchema),
  ...nextCursor,
  /** When support last opened the chat: the customer's messages sent before it show "Seen". */
  supportReadTimestamp: z.number().int().nullable(),
});
export type ChatDetail = z.infer<typeof chatDetailSchema>;

/**
 * A chat from the pages of it read so far (newest page first): the first page's chat with every loaded message,
 * oldest first, each once (a message read again on a newer page, as when the first page is read again after a live
 * event, shows as last read).
 */
export const wholeChat = <C extends { messages: { id: string }[] }>(pages: C[]): C => {
  const seen = new Set<string>();
  const newestFirst = pages.flatMap((page) => [...page.messages].reverse()).filter((message) => !seen.has(message.id) && Boolean(seen.add(message.id)));
  return { ...pages[0]!, messages: newestFirst.reverse() };
};

export const chatParamsSchema = z.object({ chatId: z.string().min(1).max(100) });

/** Upload purposes of chat media (see the uploads module). */
export const CHAT_IMAGE_PURPOSE = 'chat-image';
export const CHAT_VIDEO_PURPOSE = 'chat-video';
export const CHAT_DOCUMENT_PURPOSE = 'chat-document';
