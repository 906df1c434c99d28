import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import type { AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../db/client.ts';
import { mailboxMessages } from './schema.ts';

export interface MailCatcher {
  port: number;
  close(): Promise<void>;
}

export interface MailCatcherOptions {
  /** 0 picks a free port. */
  port?: number;
  /** A reason to refuse a recipient with (a permanent 550), or null to accept it; lets tests act as a strict server. */
  refuseRecipient?: (address: string) => string | null;
}

const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).map((a) => a.text).join(', ');

/**
 * A real SMTP server on loopback that keeps what it receives in `mailbox_messages`: the portal's default mail
 * server outside production, so that the whole SMTP path (nodemailer, the protocol, MIME) runs in every test and
 * on every laptop, and the mailbox page can show what was sent.
 */
export async function startMailCatcher(db: Db, options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const server = new SMTPServer({
    name: 'portal-mail-catcher',
    banner: 'local mail catcher',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuseRecipient?.(address.address);
      if (!refusal) return callback();
      const error = Object.assign(new Error(refusal), { responseCode: 550 });
      callback(error);
    },
    onData(stream, session, callback) {
      let size = 0;
      stream.on('data', (chunk: Buffer) => (size += chunk.length));
      // mailparser is loaded with the first message rather than at start (~15 MB that most runs never use); the
      // message waits in a pass-through meanwhile, so no byte flows past before the parser reads.
      const message = stream.pipe(new PassThrough());
      import('mailparser')
        .then(({ simpleParser }) => simpleParser(message))
        .then((mail) =>
          db.insert(mailboxMessages).values({
            id: randomUUID(),
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            messageId: mail.messageId ?? null,
            subject: mail.subject ?? '',
            fromHeader: addresses(mail.from),
            toHeader: addresses(mail.to),
            html: typeof mail.html === 'string' ? mail.html : null,
            textBody: mail.text ?? null,
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? 'attachment',
              contentType: a.contentType,
              size: a.size,
              contentBase64: a.content.toString('base64'),
            })),
            rawSize: size,
          }),
        )
        .then(() => callback(), (error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A client that misbehaves must not take the process down.
  server.on('error', () => undefined);
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
