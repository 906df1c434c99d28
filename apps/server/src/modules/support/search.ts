import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { MessageSearchHit } from '@portal/contracts/support-inbox';
import type { PageQuery } from '@portal/contracts/page';
import { users } from '../../platform/auth/schema.ts';
import { throughBitmaps } from '../../platform/db/bitmaps.ts';
import type { Db } from '../../platform/db/client.ts';
import { afterCursor, keysetKey, pageFrom } from '../../platform/db/keyset.ts';
import { supportChats, supportMessages } from './schema.ts';

/**
 * The words of a message, English stems of its text, kept in a generated column (migration 0400) that the schema
 * leaves out so that reading messages does not carry them; index support_messages_words_idx is on it.
 */
const messageWords = sql`${supportMessages}.words`;

/** How many of the newest messages a search reads in order before it asks the words index (below). */
export const RECENT_WINDOW = 5000;

/**
 * Staff: the text messages whose words match, newest first, a page at a time. The words are read as a web search
 * reads them (`websearch_to_tsquery`, which takes any text without a syntax error: quotes make a phrase, a leading
 * minus leaves a word out, "or" offers either), stemmed in English so that "refunds" finds "refunded".
 *
 * Two reads, because the planner cannot tell a common word from a rare one (a word it has no statistics for, a
 * ticket number, it takes for one message in 200): a common word is in a few of the newest messages, read newest
 * first through their order's index and matched one by one (their words are stored, so a match is a lookup); a
 * rare one is found through the words index, whose matches are then sorted, few as they are. The first read stops at `window` messages; only if the page is not
 * full by then does the second read the words index, for the messages older than those (decision 0066).
 */
export async function searchMessages(db: Db, query: PageQuery & { words: string }, window = RECENT_WINDOW) {
  const words = sql`websearch_to_tsquery('english'::regconfig, ${query.words})`;
  const after = afterCursor(supportMessages.position, supportMessages.id, query.cursor, 'desc', 'integer');
  const newestFirst = [desc(supportMessages.position), desc(supportMessages.id)];
  const wanted = query.limit + 1;
  const recent = db
    .select({ id: supportMessages.id, position: supportMessages.position, words: sql<string>`${messageWords}`.as('words') })
    .from(supportMessages)
    .where(after)
    .orderBy(...newestFirst)
    .limit(window)
    .as('recent');
  // Read lazily: the outer limit stops the index walk once the page is full.
  const hits = await db
    .select({ id: recent.id, position: recent.position })
    .from(recent)
    .where(sql`${recent.words} @@ ${words}`)
    .orderBy(desc(recent.position), desc(recent.id))
    .limit(wanted);
  if (hits.length < wanted) {
    const [edge] = await db.select({ position: supportMessages.position }).from(supportMessages).where(after).orderBy(...newestFirst).offset(window - 1).limit(1);
    if (edge) hits.push(...(await olderHits(db, words, edge.position, wanted - hits.length)));
  }
  const rows = hits.length === 0 ? [] : await db
    .select({
      message: supportMessages,
      chat: { reason: supportChats.reason, status: supportChats.status },
      customer: { id: users.id, name: users.name, email: users.email },
      id: supportMessages.id,
      keysetKey: keysetKey(supportMessages.position, 'integer'),
    })
    .from(supportMessages)
    .innerJoin(supportChats, eq(supportChats.id, supportMessages.chatId))
    .innerJoin(users, eq(users.id, supportChats.userId))
    .where(inArray(supportMessages.id, hits.map((hit) => hit.id)))
    .orderBy(...newestFirst);
  const page = pageFrom(rows, query.limit);
  return {
    messages: page.rows.map(({ message, chat, customer }): MessageSearchHit => ({
      id: message.id,
      chatId: message.chatId,
      chatReason: chat.reason,
      chatStatus: chat.status,
      customer,
      messengerType: message.messengerType,
      textMessage: message.textMessage ?? '',
      sentTimestamp: message.sentAt.getTime(),
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * The newest `count` matches older than `before`, through the words index alone: walking the order's index, as
 * the planner would for a word it takes for common, reads every older message when the word is rare.
 */
function olderHits(db: Db, words: SQL, before: number, count: number) {
  return throughBitmaps(db, (tx) =>
    tx
      .select({ id: supportMessages.id, position: supportMessages.position })
      .from(supportMessages)
      .where(and(sql`${messageWords} @@ ${words}`, lt(supportMessages.position, before)))
      .orderBy(desc(supportMessages.position), desc(supportMessages.id))
      .limit(count),
  );
}
