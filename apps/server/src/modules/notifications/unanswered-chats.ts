import { and, eq, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../platform/auth/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { staffAlertPreferences, supportChats } from '../support/index.ts';
import { chatUnansweredMailState } from './schema.ts';
import { portalLinks } from './links.ts';

/**
 * "A chat waits for an answer" (decision 0060): an open chat whose last message is the customer's and has waited
 * STAFF_UNANSWERED_MAIL_AFTER_MS gets one mail per wait, to its assignee, or to every staff member when it has none,
 * each only if they keep that alert on. The preview is the customer's own last message: private notes are never
 * read here. Instances racing here agree through the conditional upsert: one wins.
 */
export async function runUnansweredChatSweep(app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'mail'>): Promise<number> {
  const now = app.clock();
  const cutoff = new Date(now.getTime() - app.config.STAFF_UNANSWERED_MAIL_AFTER_MS);
  const due = await app.db
    .select({ chat: supportChats, customerName: users.name, customerEmail: users.email })
    .from(supportChats)
    .innerJoin(users, eq(users.id, supportChats.userId))
    .leftJoin(chatUnansweredMailState, eq(chatUnansweredMailState.chatId, supportChats.id))
    .where(
      and(
        eq(supportChats.status, 'OPEN'),
        eq(supportChats.lastMessengerType, 'user'),
        lte(supportChats.lastActivityAt, cutoff),
        or(isNull(chatUnansweredMailState.mailedThrough), sql`${chatUnansweredMailState.mailedThrough} < ${supportChats.lastActivityAt}`),
      ),
    )
    .limit(100);
  let sent = 0;
  for (const row of due) {
    sent += await app.db.transaction(async (tx) => claimAndMail(app, tx as unknown as Db, row, now));
  }
  return sent;
}

type DueChat = { chat: typeof supportChats.$inferSelect; customerName: string; customerEmail: string };

async function claimAndMail(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, { chat, customerName, customerEmail }: DueChat, now: Date): Promise<number> {
  const through = chat.lastActivityAt;
  const [claimed] = await tx
    .insert(chatUnansweredMailState)
    .values({ chatId: chat.id, mailedThrough: through })
    .onConflictDoUpdate({ target: chatUnansweredMailState.chatId, set: { mailedThrough: through }, setWhere: sql`${chatUnansweredMailState.mailedThrough} < ${through}` })
    .returning();
  if (!claimed) return 0;
  const recipients = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .leftJoin(staffAlertPreferences, eq(staffAlertPreferences.userId, users.id))
    .where(
      and(
        ne(users.role, 'customer'),
        chat.assigneeId ? eq(users.id, chat.assigneeId) : undefined,
        or(isNull(staffAlertPreferences.userId), eq(staffAlertPreferences.unansweredEmail, true)),
      ),
    );
  const waited = Math.max(1, Math.round((now.getTime() - through.getTime()) / 60_000));
  const preview = chat.lastMessageType === 'text' && chat.lastMessageText ? chat.lastMessageText : 'A picture or video.';
  const links = portalLinks(app);
  for (const staff of recipients) {
    await app.mail.queue(tx, {
      kind: 'staff-unanswered-chat',
      to: staff.email,
      userId: staff.id,
      subject: `A chat has waited ${waited} minutes for an answer: ${chat.reason}`,
      notice: {
        heading: chat.assigneeId ? 'A chat assigned to you waits for an answer' : 'An unassigned chat waits for an answer',
        paragraphs: [`${customerName || customerEmail} wrote about: ${chat.reason}`, `"${preview.length > 300 ? `${preview.slice(0, 297)}...` : preview}"`],
        action: { label: 'Open the chat', url: links.staffChat(chat.id) },
        footnote: `You can turn these e-mails off in the inbox settings: ${links.staffAlertSettings()}`,
      },
    });
  }
  return recipients.length;
}
