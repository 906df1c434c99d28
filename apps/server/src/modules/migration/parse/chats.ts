import { z } from 'zod';
import {
  isObject,
  keepId,
  millis,
  optionalText,
  stableId,
  type ParseContext,
  type ParsedUser,
} from '../context.ts';
import { isFileUrl } from './files.ts';

/** Support chats: their customers from `UserChats/{uid}`, their messages from `Chats/{chatId}`. */

const userChatRecord = z.object({ Reason: z.string().optional(), SentTimestamp: millis.optional() });
const messageRecord = z.object({
  MessageType: z.enum(['text', 'image', 'video']).default('text'),
  TextMessage: optionalText,
  Image: optionalText,
  Video: optionalText,
  MessengerType: z.string().default('user'),
  SentTimestamp: millis,
  Status: z.string().optional(),
});

export function parseChats({ nested, read, refuse, root, ownerOf, fileOf }: ParseContext) {
  const chatOwner = new Map<string, { user: ParsedUser; reason: string }>();
  for (const { uid, key: chatId, path, value: messages } of nested('UserChats', 'chat')) {
    {
      const user = ownerOf(uid, path);
      if (!user || !isObject(messages)) continue;
      const first = Object.values(messages)
        .map((m) => userChatRecord.safeParse(m).data)
        .find((m) => m?.Reason);
      chatOwner.set(chatId, { user, reason: first?.Reason ?? 'Support' });
    }
  }
  const chats: {
    id: string;
    path: string;
    user: ParsedUser;
    reason: string;
    messages: { id: string; path: string; value: z.output<typeof messageRecord>; media: string | null }[];
  }[] = [];
  for (const [chatId, byMessage] of Object.entries(root('Chats'))) {
    const path = `Chats/${chatId}`;
    if (!isObject(byMessage)) {
      refuse(path, 'expected an object keyed by message id');
      continue;
    }
    const owner = chatOwner.get(chatId);
    if (!owner) {
      refuse(path, `no UserChats entry names the customer of chat "${chatId}"`);
      continue;
    }
    const id = keepId('chat', chatId);
    const messages = [];
    for (const [messageId, value] of Object.entries(byMessage)) {
      const messagePath = `${path}/${messageId}`;
      const m = read(messageRecord, value, messagePath);
      if (!m) continue;
      const mediaUrl = m.MessageType === 'image' ? m.Image : m.MessageType === 'video' ? m.Video : null;
      if (m.MessageType !== 'text' && !mediaUrl) {
        refuse(
          messagePath,
          `a ${m.MessageType} message without its ${m.MessageType === 'image' ? 'Image' : 'Video'} URL`,
        );
        continue;
      }
      const media = fileOf(mediaUrl, {
        ownerUid: owner.user.uid,
        purpose: m.MessageType === 'video' ? 'chat-video' : 'chat-image',
        targetId: id,
        referencedBy: messagePath,
      });
      if (media && !isFileUrl(media)) {
        refuse(messagePath, `media URL "${media}" is not a file of the original storage`);
        continue;
      }
      // Message keys are unique within their chat only.
      messages.push({ id: stableId(`message:${chatId}/${messageId}`), path: messagePath, value: m, media });
    }
    chats.push({ id, path, user: owner.user, reason: owner.reason, messages });
  }
  return chats;
}
