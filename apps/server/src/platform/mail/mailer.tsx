import type { MailAttachment } from './schema.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../db/client.ts';
import { startMailCatcher, type MailCatcher } from './catcher.ts';
import { queueMail } from './outbox.ts';
import { renderMail } from './render.tsx';
import { deliverDueMail } from './sender.ts';
import type { Brand } from './templates/layout.tsx';
import { NoticeMail, type Notice } from './templates/notice.tsx';
import { createTransport } from './transport.ts';

export interface MailRequest {
  kind: string;
  to: string;
  userId?: string | null;
  subject: string;
  notice: Notice;
  attachments?: MailAttachment[];
}

/** What the sender needs to know of one kind of mail a module queues. */
export interface MailKind {
  /**
   * Sent after every other due message: the team's own alerts about its work queue can come by the hundred at once
   * (a mail for each staff member on every sweep of a busy inbox), and a customer's verification link or password
   * reset never waits behind them.
   */
  readonly sentLast?: boolean;
}

/** The kinds of mail a module (or the platform) queues, by the `kind` it gives `Mailer.queue`. */
export type MailKinds = Readonly<Record<string, MailKind>>;

export interface Mailer {
  brand: Brand;
  /** The local catcher's port; null when SMTP_URL sends the mail elsewhere. */
  catcherPort: number | null;
  /**
   * Renders and queues a mail in the caller's transaction: sent once that commits, never lost after. A kind that
   * no module declares is refused: the declarations are the one list of what the portal sends.
   */
  queue(tx: Db, mail: MailRequest): Promise<string>;
  /** Sends what is due now (the background sender calls this; tests may too). */
  deliver(limit?: number): ReturnType<typeof deliverDueMail>;
  close(): Promise<void>;
}

/** E-mail for the app: to SMTP_URL, or to a local catcher started here when it is unset. */
export async function createMailer(config: Config, db: Db, clock: () => Date, kinds: ReadonlyMap<string, MailKind>): Promise<Mailer> {
  let catcher: MailCatcher | null = null;
  if (!config.SMTP_URL) catcher = await startMailCatcher(db, { port: config.MAIL_CATCHER_PORT });
  const transport = createTransport(config.SMTP_URL ? { url: config.SMTP_URL } : { catcherPort: catcher!.port });
  const brand: Brand = { name: config.COMPANY_NAME, address: config.COMPANY_ADDRESS ?? null, publicUrl: config.publicUrl };
  const host = new URL(config.publicUrl).hostname;
  const sentLast = [...kinds].filter(([, kind]) => kind.sentLast).map(([name]) => name);
  return {
    brand,
    catcherPort: catcher?.port ?? null,
    async queue(tx, mail) {
      if (!kinds.has(mail.kind)) throw new Error(`No module declares the mail kind "${mail.kind}".`);
      const rendered = await renderMail(mail.subject, <NoticeMail brand={brand} notice={mail.notice} />);
      return queueMail(tx, { ...rendered, kind: mail.kind, to: mail.to, userId: mail.userId, attachments: mail.attachments }, { now: clock(), host });
    },
    deliver: (limit) => deliverDueMail({ db, transport, from: config.mailFrom, clock, retryBaseMs: config.MAIL_RETRY_BASE_MS, sentLast }, limit),
    async close() {
      await transport.close();
      await catcher?.close();
    },
  };
}
