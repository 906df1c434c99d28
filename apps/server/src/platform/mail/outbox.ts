import { randomUUID } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
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

/** A user's mail, newest first, a page at a time: for staff, who need to see what went out and what was refused. */
export async function listOutboxForUser(db: Db, userId: string, page: { page: number; pageSize: number }) {
  const where = eq(mailOutbox.userId, userId);
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
    })
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db.select({ n: count() }).from(mailOutbox).where(where);
  return {
    mails: rows.map(({ createdAt, sentAt, ...row }) => ({
      ...row,
      createdTimestamp: createdAt.getTime(),
      sentTimestamp: sentAt ? sentAt.getTime() : null,
    })),
    total: total?.n ?? 0,
  };
}
