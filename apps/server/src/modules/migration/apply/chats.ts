import { upsertChats, upsertMessages } from '../../support/index.ts';
import type { WriteContext } from '../context.ts';
import type { ParsedMigration } from '../parse.ts';
import { uploadIdOf } from '../parse/files.ts';

/** The kept users' chats (open unless the last message closed it) and their messages, oldest first. */
export async function writeChats({ options, upsert, keep }: WriteContext, chats: ParsedMigration['chats']) {
  const chatList = keep(chats);
  const Chats = await upsert(
    upsertChats,
    chatList.map((c) => {
      const sorted = [...c.messages].sort(
        (a, b) => a.value.SentTimestamp.getTime() - b.value.SentTimestamp.getTime(),
      );
      const last = sorted.at(-1)?.value;
      return {
        id: c.id,
        userId: c.user.id,
        reason: c.reason,
        status: last?.Status === 'CLOSED' ? ('CLOSED' as const) : ('OPEN' as const),
        createdAt: sorted[0]?.value.SentTimestamp ?? options.now,
        lastActivityAt: last?.SentTimestamp ?? options.now,
        lastMessageType: last?.MessageType ?? 'text',
        lastMessageText: last?.MessageType === 'text' ? (last.TextMessage ?? '') : null,
        lastMessengerType: last?.MessengerType === 'user' ? ('user' as const) : ('support' as const),
      };
    }),
    [
      'userId',
      'reason',
      'status',
      'lastActivityAt',
      'lastMessageType',
      'lastMessageText',
      'lastMessengerType',
    ],
  );
  const Messages = await upsert(
    upsertMessages,
    chatList.flatMap((c) =>
      [...c.messages]
        .sort((a, b) => a.value.SentTimestamp.getTime() - b.value.SentTimestamp.getTime())
        .map(({ id, value: m, media }) => ({
          id,
          chatId: c.id,
          senderId: m.MessengerType === 'user' ? c.user.id : null,
          messengerType: m.MessengerType === 'user' ? ('user' as const) : ('support' as const),
          messageType: m.MessageType,
          textMessage: m.MessageType === 'text' ? (m.TextMessage ?? '') : null,
          uploadId: media ? uploadIdOf(media) : null,
          sentAt: m.SentTimestamp,
        })),
    ),
    ['messengerType', 'messageType', 'textMessage', 'uploadId', 'sentAt'],
  );
  return { Chats, Messages };
}
