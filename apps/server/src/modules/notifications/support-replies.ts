import { and, count, eq, gt, max, min, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../platform/auth/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/http/errors.ts';
import { supportChats, supportMessages } from '../support/index.ts';
import { portalLinks } from './links.ts';
import { wantsMail } from './preferences.ts';
import { chatMailState } from './schema.ts';

/**
 * The customer's chat page is open (it says so on opening, every half minute, and when new messages arrive): staff
 * replies sent until now count as seen. Another customer's chat does not exist for this one.
 */
export async function markChatSeen(app: Pick<FastifyInstance, 'clock' | 'db'>, userId: string, chatId: string): Promise<void> {
  const [chat] = await app.db
    .select({ id: supportChats.id })
    .from(supportChats)
    .where(and(eq(supportChats.id, chatId), eq(supportChats.userId, userId)));
  if (!chat) throw notFound('Chat not found.');
  const now = app.clock();
  await app.db
    .insert(chatMailState)
    .values({ chatId, customerSeenAt: now })
    .onConflictDoUpdate({ target: chatMailState.chatId, set: { customerSeenAt: sql`GREATEST(${chatMailState.customerSeenAt}, ${now})` } });
}

const unseenSince = sql<Date>`GREATEST(COALESCE(${chatMailState.customerSeenAt}, '-infinity'::timestamptz), COALESCE(${chatMailState.notifiedThrough}, '-infinity'::timestamptz))`;

/**
 * One "support replied" mail per burst: a chat whose first staff reply not yet seen nor mailed is older than the
 * delay, and whose customer had no page of it open during the delay, gets one mail covering every reply so far.
 * Replies after it start the next burst. Instances racing here agree through the conditional upsert: one wins.
 */
export async function runSupportReplySweep(app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'mail'>): Promise<number> {
  const now = app.clock();
  const cutoff = new Date(now.getTime() - app.config.SUPPORT_REPLY_MAIL_DELAY_MS);
  const due = await app.db
    .select({
      chatId: supportChats.id,
      userId: supportChats.userId,
      reason: supportChats.reason,
      firstUnseen: min(supportMessages.sentAt),
      lastUnseen: max(supportMessages.sentAt),
      replies: count(),
    })
    .from(supportChats)
    .innerJoin(supportMessages, and(eq(supportMessages.chatId, supportChats.id), eq(supportMessages.messengerType, 'support')))
    .leftJoin(chatMailState, eq(chatMailState.chatId, supportChats.id))
    .where(
      and(
        gt(supportMessages.sentAt, unseenSince),
        sql`COALESCE(${chatMailState.customerSeenAt}, '-infinity'::timestamptz) <= ${cutoff}`,
      ),
    )
    .groupBy(supportChats.id, supportChats.userId, supportChats.reason)
    .having(sql`MIN(${supportMessages.sentAt}) <= ${cutoff}`)
    .limit(100);
  let sent = 0;
  for (const chat of due) {
    const queued = await app.db.transaction(async (tx) => claimAndMail(app, tx as unknown as Db, chat, now));
    if (queued) sent += 1;
  }
  return sent;
}

interface DueChat {
  chatId: string;
  userId: string;
  reason: string;
  firstUnseen: Date | null;
  lastUnseen: Date | null;
  replies: number;
}

async function claimAndMail(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, chat: DueChat, now: Date): Promise<boolean> {
  if (!chat.firstUnseen || !chat.lastUnseen) return false;
  const through = chat.lastUnseen;
  // Claims the burst unless the customer looked, or another instance mailed it, since the query above.
  const [claimed] = await tx
    .insert(chatMailState)
    .values({ chatId: chat.chatId, notifiedThrough: through })
    .onConflictDoUpdate({
      target: chatMailState.chatId,
      set: { notifiedThrough: through },
      setWhere: sql`COALESCE(${chatMailState.notifiedThrough}, '-infinity'::timestamptz) < ${chat.firstUnseen}
        AND COALESCE(${chatMailState.customerSeenAt}, '-infinity'::timestamptz) < ${chat.firstUnseen}`,
    })
    .returning();
  if (!claimed) return false;
  if (!(await wantsMail(tx, chat.userId, 'supportReplies'))) return false;
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, chat.userId));
  if (!user) return false;
  const [latest] = await tx
    .select({ text: supportMessages.textMessage, type: supportMessages.messageType })
    .from(supportMessages)
    .where(and(eq(supportMessages.chatId, chat.chatId), eq(supportMessages.messengerType, 'support')))
    .orderBy(sql`${supportMessages.position} DESC`)
    .limit(1);
  const preview = latest?.type === 'text' && latest.text ? latest.text : 'Support sent you a picture or video.';
  const many = chat.replies > 1;
  await app.mail.queue(tx, {
    kind: 'support-replied',
    to: user.email,
    userId: chat.userId,
    subject: `Support replied to your chat: ${chat.reason}`,
    notice: {
      heading: many ? `Support sent you ${chat.replies} replies` : 'Support replied to your chat',
      paragraphs: [`About: ${chat.reason}`, `"${preview.length > 300 ? `${preview.slice(0, 297)}...` : preview}"`],
      action: { label: 'Open the chat', url: portalLinks(app).supportChat(chat.chatId) },
      footnote: `Sent ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC. You can turn off support e-mails in your account settings.`,
    },
  });
  return true;
}
