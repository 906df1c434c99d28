import { expect } from 'vitest';
import type { TestContext } from './helpers.ts';

export interface QueuedMail {
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  text_body: string;
  status: string;
}

/** What the outbox holds for an address (optionally of one kind), oldest first. */
export async function outboxFor(ctx: TestContext, to: string, kind?: string): Promise<QueuedMail[]> {
  return ctx.database.sql.query<QueuedMail>(
    `SELECT kind, to_address, subject, html, text_body, status FROM mail_outbox WHERE to_address = $1 ${kind ? 'AND kind = $2' : ''} ORDER BY created_at, id`,
    kind ? [to, kind] : [to],
  );
}

/** Sent at every sign-up (account-mail.test.ts covers them): left out so that each test sees its own mails. */
const SIGN_UP_MAILS = new Set(['welcome', 'email-verification']);

/** The kinds of mail queued for an address, oldest first. */
export async function kindsFor(ctx: TestContext, to: string): Promise<string[]> {
  return (await outboxFor(ctx, to)).map((m) => m.kind).filter((kind) => !SIGN_UP_MAILS.has(kind));
}

/**
 * Sends what is queued and returns what the local SMTP catcher received for the address, oldest first, without
 * the sign-up mails.
 */
export async function caughtFor(ctx: TestContext, to: string) {
  // The app's own delivery work may hold some of them at this moment (SKIP LOCKED): wait until none is unsent.
  await expect
    .poll(async () => {
      await ctx.app.mail.deliver();
      const [{ unsent }] = (await ctx.database.sql.query<{ unsent: number }>(
        `SELECT count(*)::int AS unsent FROM mail_outbox WHERE to_address = $1 AND status NOT IN ('sent', 'failed')`,
        [to.toLowerCase()],
      )) as [{ unsent: number }];
      return unsent;
    }, { timeout: 10_000 })
    .toBe(0);
  const caught = await ctx.database.sql.query<{ subject: string; html: string; text_body: string }>(
    `SELECT subject, html, text_body FROM mailbox_messages WHERE envelope_to @> $1::jsonb ORDER BY received_at`,
    [JSON.stringify([to.toLowerCase()])],
  );
  return caught.filter((m) => m.subject !== 'Verify your e-mail address' && !m.subject.startsWith('Welcome to '));
}

/** The token of the newest deletion-confirmation link mailed to an address. */
export async function deletionToken(ctx: TestContext, to: string): Promise<string> {
  const mails = await outboxFor(ctx, to.toLowerCase(), 'deletion-confirm');
  const match = /confirm\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text_body ?? '');
  if (!match) throw new Error(`no confirmation link for ${to}`);
  return match[1]!;
}

/** Follows the deletion-confirmation link mailed to an address. */
export async function confirmDeletion(ctx: TestContext, to: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/account-deletion-requests/confirm', payload: { token: await deletionToken(ctx, to) } });
}
