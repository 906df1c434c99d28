import { and, asc, eq, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../platform/auth/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import type { MailRequest } from '../../platform/mail/mailer.tsx';
import { staffAlertPreferences, supportChats } from '../support/index.ts';
import { chatUnansweredMailState } from './schema.ts';
import { portalLinks } from './links.ts';

/** The most chats one sweep claims; the rest wait for the next sweep a minute later. */
const CHATS_PER_SWEEP = 100;
/** The most chats one digest names by name; the others are counted. */
const CHATS_NAMED = 20;
const DIGEST_INTRO = 'These chats, assigned to you or to nobody, have waited for an answer since the customer last wrote';

type DueChat = { chat: typeof supportChats.$inferSelect; customerName: string; customerEmail: string };
type Recipient = { id: string; email: string };

/**
 * "A chat waits for an answer" (decision 0060): an open chat whose last message is the customer's and has waited
 * STAFF_UNANSWERED_MAIL_AFTER_MS is mailed about once per wait, to its assignee, or to every staff member when it has
 * none, each only if they keep that alert on. Each staff member gets one mail per sweep: about the one chat, or a
 * digest of every chat that began waiting for them since the last sweep, so a busy morning is one mail, not one per
 * chat. The preview is the customer's own last message: private notes are never read here.
 *
 * One transaction claims the chats and queues the mails, so a claimed chat is always mailed about. Instances racing
 * here agree through the conditional upsert, taken in chat id order so that two sweeps never wait for each other in
 * a circle: one wins each chat. Returns the number of mails queued.
 */
export async function runUnansweredChatSweep(app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'mail'>): Promise<number> {
  const now = app.clock();
  const cutoff = new Date(now.getTime() - app.config.STAFF_UNANSWERED_MAIL_AFTER_MS);
  return app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const due = await tx
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
      .orderBy(asc(supportChats.id))
      .limit(CHATS_PER_SWEEP);
    const claimed: DueChat[] = [];
    for (const row of due) if (await claim(tx, row.chat)) claimed.push(row);
    if (claimed.length === 0) return 0;

    const wanting = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .leftJoin(staffAlertPreferences, eq(staffAlertPreferences.userId, users.id))
      .where(and(ne(users.role, 'customer'), or(isNull(staffAlertPreferences.userId), eq(staffAlertPreferences.unansweredEmail, true))))
      .orderBy(asc(users.id));
    const chatsOf = new Map<string, { staff: Recipient; chats: DueChat[] }>();
    for (const row of claimed) {
      for (const staff of wanting.filter((s) => !row.chat.assigneeId || s.id === row.chat.assigneeId)) {
        const entry = chatsOf.get(staff.id) ?? { staff, chats: [] };
        entry.chats.push(row);
        chatsOf.set(staff.id, entry);
      }
    }
    for (const { staff, chats } of chatsOf.values()) {
      await app.mail.queue(tx, chats.length === 1 ? oneChatMail(app, staff, chats[0]!, now) : digestMail(app, staff, chats, now));
    }
    return chatsOf.size;
  });
}

/** Marks the chat mailed about through its last message; false when another sweep already did. */
async function claim(tx: Db, chat: DueChat['chat']): Promise<boolean> {
  const through = chat.lastActivityAt;
  const [claimed] = await tx
    .insert(chatUnansweredMailState)
    .values({ chatId: chat.id, mailedThrough: through })
    .onConflictDoUpdate({ target: chatUnansweredMailState.chatId, set: { mailedThrough: through }, setWhere: sql`${chatUnansweredMailState.mailedThrough} < ${through}` })
    .returning();
  return Boolean(claimed);
}

const minutesWaited = ({ chat }: DueChat, now: Date) => Math.max(1, Math.round((now.getTime() - chat.lastActivityAt.getTime()) / 60_000));
const customerOf = (row: DueChat) => row.customerName || row.customerEmail;
const preview = ({ chat }: DueChat, length: number) => {
  const text = chat.lastMessageType === 'text' && chat.lastMessageText ? chat.lastMessageText : 'A picture or video.';
  return text.length > length ? `${text.slice(0, length - 3)}...` : text;
};
const settingsNote = (app: Pick<FastifyInstance, 'config'>) => `You can turn these e-mails off in the inbox settings: ${portalLinks(app).staffAlertSettings()}`;

function oneChatMail(app: Pick<FastifyInstance, 'config'>, staff: Recipient, row: DueChat, now: Date): MailRequest {
  const { chat } = row;
  return {
    kind: 'staff-unanswered-chat',
    to: staff.email,
    userId: staff.id,
    subject: `A chat has waited ${minutesWaited(row, now)} minutes for an answer: ${chat.reason}`,
    notice: {
      heading: chat.assigneeId ? 'A chat assigned to you waits for an answer' : 'An unassigned chat waits for an answer',
      paragraphs: [`${customerOf(row)} wrote about: ${chat.reason}`, `"${preview(row, 300)}"`],
      action: { label: 'Open the chat', url: portalLinks(app).staffChat(chat.id) },
      footnote: settingsNote(app),
    },
  };
}

function digestMail(app: Pick<FastifyInstance, 'config'>, staff: Recipient, chats: DueChat[], now: Date): MailRequest {
  const links = portalLinks(app);
  const longestFirst = [...chats].sort((a, b) => a.chat.lastActivityAt.getTime() - b.chat.lastActivityAt.getTime());
  const named = longestFirst.slice(0, CHATS_NAMED).map((row) => ({
    label: `${customerOf(row)}: ${row.chat.reason}${row.chat.assigneeId ? ' (assigned to you)' : ''}`,
    url: links.staffChat(row.chat.id),
    note: `Waiting ${minutesWaited(row, now)} minutes: "${preview(row, 140)}"`,
  }));
  const more = chats.length - named.length;
  return {
    kind: 'staff-unanswered-chat',
    to: staff.email,
    userId: staff.id,
    subject: `${chats.length} chats are waiting for an answer`,
    notice: {
      heading: `${chats.length} chats are waiting for an answer`,
      paragraphs: [`${DIGEST_INTRO}${more > 0 ? `. The ${named.length} longest waits are below, the longest first; ${more} more are in the inbox.` : ', the longest first:'}`],
      links: named,
      action: { label: 'Open the inbox', url: links.staffInbox() },
      footnote: settingsNote(app),
    },
  };
}
