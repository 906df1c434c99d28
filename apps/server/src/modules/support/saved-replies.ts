import { randomUUID } from 'node:crypto';
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { SavedReply, SavedReplyInput, SavedReplyList, SavedReplyListQuery } from '@portal/contracts/team-inbox';
import { topics } from '@portal/contracts/topics';
import type { Db } from '../../platform/db/client.ts';
import { afterCursor, keysetKey, pageFrom } from '../../platform/db/keyset.ts';
import { likePattern } from '../../platform/db/like.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { savedReplies } from './team-schema.ts';

type Row = typeof savedReplies.$inferSelect;
const toSavedReply = (row: Row): SavedReply => ({ id: row.id, title: row.title, body: row.body, updatedTimestamp: row.updatedAt.getTime() });

const NOT_FOUND = 'Saved reply not found.';
const titleTaken = (title: string) => conflict('SAVED_REPLY_EXISTS', `A saved reply is already called “${title}”. Choose another title.`);

/** PostgreSQL's unique_violation, as the driver or Drizzle's wrapper of it reports it. */
const isUniqueViolation = (error: unknown): boolean => {
  const code = (value: unknown) => (value && typeof value === 'object' && 'code' in value ? (value as { code: unknown }).code : undefined);
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
};

const publish = (tx: Db) => publishChange(tx, { topic: topics.savedReplies, audience: { staff: true } });

/** Saved replies, oldest first; `q` finds a part of the title or text. */
export async function listSavedReplies(db: Db, query: SavedReplyListQuery & { limit: number }): Promise<SavedReplyList> {
  const q = query.q?.trim();
  const rows = await db
    .select({ reply: savedReplies, id: savedReplies.id, keysetKey: keysetKey(savedReplies.createdAt) })
    .from(savedReplies)
    .where(
      and(
        q ? or(ilike(savedReplies.title, likePattern(q)), ilike(savedReplies.body, likePattern(q))) : undefined,
        afterCursor(savedReplies.createdAt, savedReplies.id, query.cursor, 'asc'),
      ),
    )
    .orderBy(asc(savedReplies.createdAt), asc(savedReplies.id))
    .limit(query.limit + 1);
  const page = pageFrom(rows, query.limit);
  return { replies: page.rows.map(({ reply }) => toSavedReply(reply)), nextCursor: page.nextCursor };
}

export async function createSavedReply(db: Db, staff: AuditActor, input: SavedReplyInput, now: Date): Promise<SavedReply> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(savedReplies).values({ id: randomUUID(), ...input, createdAt: now, updatedAt: now }).onConflictDoNothing().returning();
    if (!row) throw titleTaken(input.title);
    await publish(tx);
    await recordAudit(tx, { actor: staff, action: 'saved-reply.create', entityType: 'saved_reply', entityId: row.id, customerId: null, before: null, after: input, now });
    return toSavedReply(row);
  });
}

export async function updateSavedReply(db: Db, staff: AuditActor, replyId: string, input: SavedReplyInput, now: Date): Promise<SavedReply> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(savedReplies).where(eq(savedReplies.id, replyId)).for('update');
      if (!before) throw notFound(NOT_FOUND);
      const [row] = await tx.update(savedReplies).set({ ...input, updatedAt: now }).where(eq(savedReplies.id, replyId)).returning();
      await publish(tx);
      await recordAudit(tx, {
        actor: staff,
        action: 'saved-reply.update',
        entityType: 'saved_reply',
        entityId: replyId,
        customerId: null,
        before: { title: before.title, body: before.body },
        after: input,
        now,
      });
      return toSavedReply(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw titleTaken(input.title);
    throw error;
  }
}

export async function deleteSavedReply(db: Db, staff: AuditActor, replyId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(savedReplies).where(eq(savedReplies.id, replyId)).returning();
    if (!row) throw notFound(NOT_FOUND);
    await publish(tx);
    await recordAudit(tx, {
      actor: staff,
      action: 'saved-reply.delete',
      entityType: 'saved_reply',
      entityId: replyId,
      customerId: null,
      before: { title: row.title, body: row.body },
      after: null,
      now,
    });
  });
}
