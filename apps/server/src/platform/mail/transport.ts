import type { SendMailOptions, SentMessageInfo, Transporter } from 'nodemailer';

/** Gives up on an SMTP server that does not answer, so a hung server delays mail instead of holding a lease. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * How many messages one sender has on the wire at once, each on an SMTP connection of its own that stays open for
 * the next: a message then costs its SMTP commands only, not a new connection and greeting, and the round trips of
 * several overlap. Few, so that a mail server's limit of connections per client is not reached.
 */
export const MAIL_CONNECTIONS = 4;
const POOL = { pool: true, maxConnections: MAIL_CONNECTIONS, maxMessages: 100 };

/** What the sender needs of an SMTP transport. */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<SentMessageInfo>;
  /** Ends its open connections (QUIT), so a server waiting for them to end can stop. */
  close(): Promise<void>;
}

/**
 * nodemailer over SMTP: to SMTP_URL (smtp:// or smtps://) when set, else to the local catcher on loopback.
 * nodemailer itself is loaded with the first mail sent rather than at start (~15 MB most idle servers never use).
 */
export function createTransport(target: { url: string } | { catcherPort: number }): MailTransport {
  let transporter: Promise<Transporter> | undefined;
  const open = async (): Promise<Transporter> => {
    const { default: nodemailer } = await import('nodemailer');
    if ('url' in target) {
      // nodemailer reads options from the URL's query; settings given there win over these defaults.
      const url = new URL(target.url);
      for (const [key, value] of Object.entries({ ...TIMEOUTS, ...POOL })) {
        if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
      }
      return nodemailer.createTransport(url.toString());
    }
    return nodemailer.createTransport({ host: '127.0.0.1', port: target.catcherPort, secure: false, ignoreTLS: true, ...TIMEOUTS, ...POOL });
  };
  return {
    sendMail: async (message) => (await (transporter ??= open())).sendMail(message),
    close: async () => (await transporter?.catch(() => undefined))?.close(),
  };
}
