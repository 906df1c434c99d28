import { and, eq, inArray, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { MAIL_CONNECTIONS, type MailTransport } from './transport.ts';
import { eachAtOnce } from '../jobs/each-at-once.ts';
import type { Db } from '../db/client.ts';
import { mailOutbox, type OutboxRow } from './schema.ts';

/** How long a claimed message is this sender's; after that (a crash) another sender may take it. */
export const LEASE_MS = 2 * 60_000;
/** After this many failed attempts a message is marked failed and shown to staff. */
export const MAX_ATTEMPTS = 12;

export interface MailSender {
  db: Db;
  transport: MailTransport;
  /** The From header: MAIL_FROM. */
  from: string;
  clock: () => Date;
  /** The first retry's delay; each later one doubles it, up to six hours. */
  retryBaseMs: number;
  /** The kinds sent after every other due message (`MailKind.sentLast`). */
  sentLast: readonly string[];
}

/** Back-off before attempt `attempts + 1`. */
export const retryDelayMs = (attempts: number, baseMs: number) => Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);

/** An SMTP server's permanent refusal (5xx): sending again would get the same answer. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const describe = (error: unknown) => {
  const e = error as { response?: string; message?: string };
  return (e.response ?? e.message ?? String(error)).slice(0, 1000);
};

/**
 * Claims due messages, the kinds sent last after the others: FOR UPDATE SKIP LOCKED splits them between instances,
 * and the lease keeps them claimed.
 */
async function claimDue(db: Db, now: Date, limit: number, sentLast: readonly string[]): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const dueOf = (kinds: SQL | undefined, count: number) =>
      tx
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'pending'),
            lte(mailOutbox.nextAttemptAt, now),
            or(isNull(mailOutbox.leaseUntil), lte(mailOutbox.leaseUntil, now)),
            kinds,
          ),
        )
        .orderBy(mailOutbox.nextAttemptAt)
        .limit(count)
        .for('update', { skipLocked: true });
    const last = [...sentLast];
    const first = await dueOf(last.length > 0 ? notInArray(mailOutbox.kind, last) : undefined, limit);
    const due = first.length < limit && last.length > 0 ? [...first, ...(await dueOf(inArray(mailOutbox.kind, last), limit - first.length))] : first;
    if (due.length === 0) return [];
    await tx
      .update(mailOutbox)
      .set({ leaseUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due.map((m) => m.id)));
    return due.map((m) => ({ ...m, attempts: m.attempts + 1 }));
  });
}

/** What one round did: sent, given up on for good (shown to staff), or left for a later attempt. */
export interface DeliveryResult {
  sent: number;
  failed: number;
  retrying: number;
}

/**
 * Sends what is due, at most `limit` messages, MAIL_CONNECTIONS readers' at a time: each reader's messages go one after
 * another in the order they were queued, so an inbox never shows a later message before an earlier one. A crash between
 * the SMTP server's "250 OK" and the update below sends that message once more when its lease runs out: at most once
 * more, with the same Message-ID.
 */
export async function deliverDueMail(sender: MailSender, limit = 20): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, failed: 0, retrying: 0 };
  const byReader = new Map<string, OutboxRow[]>();
  for (const mail of await claimDue(sender.db, sender.clock(), limit, sender.sentLast)) {
    const reader = mail.toAddress.toLowerCase();
    const queued = byReader.get(reader);
    if (queued) queued.push(mail);
    else byReader.set(reader, [mail]);
  }
  await eachAtOnce([...byReader.values()], MAIL_CONNECTIONS, async (mails) => {
    for (const mail of mails) await sendOne(sender, mail, result);
  });
  return result;
}

async function sendOne(sender: MailSender, mail: OutboxRow, result: DeliveryResult): Promise<void> {
  try {
    await sender.transport.sendMail({
      messageId: mail.messageId,
      from: sender.from,
      to: mail.toAddress,
      subject: mail.subject,
      html: mail.html,
      text: mail.textBody,
      attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') })),
    });
    await sender.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: sender.clock(), leaseUntil: null, lastError: null })
      .where(eq(mailOutbox.id, mail.id));
    result.sent++;
  } catch (error) {
    const giveUp = isPermanent(error) || mail.attempts >= MAX_ATTEMPTS;
    const now = sender.clock();
    await sender.db
      .update(mailOutbox)
      .set({
        status: giveUp ? 'failed' : 'pending',
        lastError: describe(error),
        leaseUntil: null,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(mail.attempts, sender.retryBaseMs)),
      })
      .where(eq(mailOutbox.id, mail.id));
    if (giveUp) result.failed++;
    else result.retrying++;
  }
}
