import { randomUUID } from 'node:crypto';
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
