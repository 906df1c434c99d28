import type { Page } from '@playwright/test';
import { expect, MAIL_ARRIVES_WITHIN_MS } from '../fixtures';
import { linkIn as portalLinkIn, mailsTo, type CaughtMail } from './mail-notify-helpers';

export type { CaughtMail };

/** The mail the local catcher received for this address, newest first (read through /dev/mailbox). */
export const mailTo = (page: Page, to: string): Promise<CaughtMail[]> => mailsTo(page.request, to);

/** Waits until `count` mails with this subject reached the catcher (the sender polls the outbox), and gives the newest. */
export async function waitForMail(page: Page, to: string, subject: string, count = 1): Promise<CaughtMail> {
  await expect.poll(async () => (await mailTo(page, to)).filter((m) => m.subject === subject).length, { timeout: MAIL_ARRIVES_WITHIN_MS }).toBe(count);
  return (await mailTo(page, to)).find((m) => m.subject === subject)!;
}

/** The sign-in link a mail's action button leads to (under /api/auth/), as a path on this server. */
export function linkIn(mail: CaughtMail): string {
  const parsed = new URL(portalLinkIn(mail, '/api/auth/'));
  return `${parsed.pathname}${parsed.search}`;
}
