import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { PageQuery } from '@portal/contracts/page';
import type { Db } from '../db/client.ts';
import { afterCursor, keysetKey, pageFrom } from '../db/keyset.ts';
import { mailOutbox, type MailAttachment } from './schema.ts';
import type { RenderedMail } from './render.tsx';

export interface OutgoingMail extends RenderedMail {
  /** What the mail is (a template name): for staff views and tests. */
  kind: string;
  to: string;
  /** The account it is about, when there is one. */
  userId?: string | null;
  attachments?: MailAttachment[];
}

/**
 * Queues an e-mail inside the caller's transaction: it is sent only if that transaction commits, and it is never
 * lost once it has (the sender retries until the SMTP server takes it). Returns the outbox row's id.
 */
export async function queueMail(tx: Db, mail: OutgoingMail, options: { now: Date; host: string }): Promise<string> {
  const id = randomUUID();
  await tx.insert(mailOutbox).values({
    id,
    messageId: `<${id}@${options.host}>`,
    kind: mail.kind,
    userId: mail.userId ?? null,
    toAddress: mail.to,
    subject: mail.subject,
    html: mail.html,
    textBody: mail.text,
    attachments: mail.attachments ?? [],
    nextAttemptAt: options.now,
    createdAt: options.now,
  });
  return id;
}

/** A page of a user's mail, newest first: for staff, who need to see what went out and what was refused. */
export async function listOutboxForUser(db: Db, userId: string, query: PageQuery) {
  const rows = await db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      keysetKey: keysetKey(mailOutbox.createdAt),
    })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), afterCursor(mailOutbox.createdAt, mailOutbox.id, query.cursor, 'desc')))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(query.limit + 1);
  const page = pageFrom(rows, query.limit);
  return {
    mails: page.rows.map(({ createdAt, sentAt, keysetKey: _key, ...row }) => ({
      ...row,
      createdTimestamp: createdAt.getTime(),
      sentTimestamp: sentAt ? sentAt.getTime() : null,
    })),
    nextCursor: page.nextCursor,
  };
}
