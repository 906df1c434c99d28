import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { PageQuery } from '@portal/contracts/page';
import type { ChatNote, ChatNoteList, CreateNoteInput } from '@portal/contracts/team-inbox';
import { topicOf } from '@portal/contracts/topics';
import { users } from '../../platform/auth/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { afterCursor, keysetKey, pageFrom } from '../../platform/db/keyset.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { notFound } from '../../platform/http/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import * as repo from './repository.ts';
import { supportNotes } from './team-schema.ts';

/**
 * Private notes (decision 0060). They live apart from the chat's messages, change nothing the customer reads (not the
 * chat's last message nor its unread counts), and their live event goes to staff alone.
 */
const CHAT_NOT_FOUND = 'Chat not found.';

export async function addNote(db: Db, staff: repo.ChatViewer & AuditActor, chatId: string, input: CreateNoteInput, now: Date): Promise<ChatNote> {
  return db.transaction(async (tx) => {
    const chat = await repo.findChat(tx, staff, chatId, true);
    if (!chat) throw notFound(CHAT_NOT_FOUND);
    const id = randomUUID();
    await tx.insert(supportNotes).values({ id, chatId, authorId: staff.id, textNote: input.text, createdAt: now });
    await publishChange(tx, { topic: topicOf('chat-notes', chatId), audience: { staff: true } });
    // The audit entry names the note, not its words: they are kept in one place.
    await recordAudit(tx, { actor: staff, action: 'chat.note', entityType: 'chat', entityId: chatId, customerId: chat.userId, before: null, after: { noteId: id }, now });
    return { id, text: input.text, authorName: staff.name, createdTimestamp: now.getTime() };
  });
}

/** A page of the chat's notes, newest first. */
export async function listNotes(db: Db, staff: repo.ChatViewer, chatId: string, page: PageQuery): Promise<ChatNoteList> {
  if (!(await repo.findChat(db, staff, chatId))) throw notFound(CHAT_NOT_FOUND);
  const rows = await db
    .select({ note: supportNotes, authorName: users.name, id: supportNotes.id, keysetKey: keysetKey(supportNotes.position, 'integer') })
    .from(supportNotes)
    .leftJoin(users, eq(users.id, supportNotes.authorId))
    .where(and(eq(supportNotes.chatId, chatId), afterCursor(supportNotes.position, supportNotes.id, page.cursor, 'desc', 'integer')))
    .orderBy(desc(supportNotes.position), desc(supportNotes.id))
    .limit(page.limit + 1);
  const found = pageFrom(rows, page.limit);
  return {
    notes: found.rows.map(({ note, authorName }) => ({ id: note.id, text: note.textNote, authorName, createdTimestamp: note.createdAt.getTime() })),
    nextCursor: found.nextCursor,
  };
}
