import { and, eq } from 'drizzle-orm';
import { TYPING_THROTTLE_MS, typingTopic } from '@portal/contracts/support-inbox';
import { actsAsStaff, type SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { notFound } from '../../platform/http/errors.ts';
import { supportChats } from './schema.ts';

/** When each person last made their typing known in each chat, on this instance: nothing is stored. */
const lastSignal = new Map<string, number>();

/**
 * Someone types in a chat: its customer or staff (another customer's chat does not exist for them). The other side
 * hears it as a live event, `typing:CHAT:SIDE`, at most once per `TYPING_THROTTLE_MS` per person and chat (more
 * often is answered alike but not published). Only the chat's parties receive it (the owner's audience is the owner
 * and staff).
 */
export async function signalTyping(db: Db, viewer: Pick<SessionUser, 'id' | 'role' | 'twoFactorEnabled'>, chatId: string, now: Date): Promise<void> {
  const staff = actsAsStaff(viewer);
  const [chat] = await db
    .select({ userId: supportChats.userId, status: supportChats.status })
    .from(supportChats)
    .where(and(eq(supportChats.id, chatId), staff ? undefined : eq(supportChats.userId, viewer.id)));
  if (!chat) throw notFound('Chat not found.');
  if (chat.status !== 'OPEN') return;
  const key = `${chatId}:${viewer.id}`;
  const last = lastSignal.get(key);
  if (last !== undefined && now.getTime() - last < TYPING_THROTTLE_MS && now.getTime() >= last) return;
  lastSignal.set(key, now.getTime());
  // Keeps the map to the people typing now.
  for (const [other, at] of lastSignal) if (now.getTime() - at > TYPING_THROTTLE_MS * 10) lastSignal.delete(other);
  await publishChange(db, { topic: typingTopic(chatId, chat.userId === viewer.id ? 'user' : 'support'), audience: { userId: chat.userId } });
}
