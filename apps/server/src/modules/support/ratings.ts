import { and, eq } from 'drizzle-orm';
import type { ChatRating, RatedChat } from '@portal/contracts/support-inbox';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { AppError, conflict, notFound } from '../../platform/http/errors.ts';
import { supportChats } from './schema.ts';
import { chatRatings } from './rating-schema.ts';

const CHAT_NOT_FOUND = 'Chat not found.';

/** The customer's own chat (another's does not exist for them), locked when rating so that a reopen waits. */
async function ownChat(db: Db, userId: string, chatId: string, lock = false) {
  const query = db
    .select({ id: supportChats.id, userId: supportChats.userId, status: supportChats.status, closedAt: supportChats.closedAt })
    .from(supportChats)
    .where(and(eq(supportChats.id, chatId), eq(supportChats.userId, userId)));
  const [chat] = lock ? await query.for('update') : await query;
  if (!chat) throw notFound(CHAT_NOT_FOUND);
  return chat;
}

async function ratingOf(db: Db, chatId: string, closedAt: Date) {
  const [row] = await db
    .select({ rating: chatRatings.rating, comment: chatRatings.comment })
    .from(chatRatings)
    .where(and(eq(chatRatings.chatId, chatId), eq(chatRatings.closedAt, closedAt)));
  return row;
}

/** Whether the customer may rate the chat now, and the rating of its latest closing. */
export async function chatRatingFor(db: Db, userId: string, chatId: string): Promise<ChatRating> {
  const chat = await ownChat(db, userId, chatId);
  const closed = chat.status === 'CLOSED' && chat.closedAt !== null;
  const given = closed ? await ratingOf(db, chat.id, chat.closedAt!) : undefined;
  return { rateable: closed && !given, rating: given?.rating ?? null, comment: given?.comment ?? null };
}

/**
 * The customer rates the chat's latest closing: only their own chat, only while it is closed, once (the primary key
 * on the closing refuses a second rating, also when two arrive at once).
 */
export async function rateChat(db: Db, userId: string, chatId: string, input: RatedChat, now: Date): Promise<ChatRating> {
  return db.transaction(async (tx) => {
    const chat = await ownChat(tx, userId, chatId, true);
    if (chat.status !== 'CLOSED' || !chat.closedAt) throw conflict('CHAT_NOT_CLOSED', 'A chat can be rated once it is closed.');
    const inserted = await tx
      .insert(chatRatings)
      .values({ chatId, closedAt: chat.closedAt, userId, rating: input.rating, comment: input.comment, createdAt: now })
      .onConflictDoNothing()
      .returning({ rating: chatRatings.rating });
    if (inserted.length === 0) throw new AppError(409, 'ALREADY_RATED', 'You have already rated this conversation.');
    // Staff's overview and the customer's other open pages follow.
    await publishChange(tx, { topic: `chats:${chatId}`, audience: { userId } });
    return { rateable: false, rating: input.rating, comment: input.comment };
  });
}
