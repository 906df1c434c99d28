import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
}

/** The mail the local catcher received for this address, newest first (read through /dev/mailbox). */
export async function mailTo(page: Page, to: string): Promise<CaughtMail[]> {
  const res = await page.request.get(`/dev/mailbox/messages.json?to=${encodeURIComponent(to)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { messages: CaughtMail[] }).messages;
}

/** Waits until `count` mails with this subject reached the catcher (the sender polls the outbox), and gives the newest. */
export async function waitForMail(page: Page, to: string, subject: string, count = 1): Promise<CaughtMail> {
  await expect.poll(async () => (await mailTo(page, to)).filter((m) => m.subject === subject).length, { timeout: 15_000 }).toBe(count);
  return (await mailTo(page, to)).find((m) => m.subject === subject)!;
}

/** The portal link a mail's action button leads to (from the plain-text body), as a path on this server. */
export function linkIn(mail: CaughtMail): string {
  const url = mail.text.match(/https?:\/\/[^\s)\]]+\/api\/auth\/[^\s)\]]+/);
  expect(url, `a link in "${mail.subject}"`).not.toBeNull();
  const parsed = new URL(url![0]);
  return `${parsed.pathname}${parsed.search}`;
}
