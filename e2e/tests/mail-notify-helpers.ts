import type { APIRequestContext, Page } from '@playwright/test';
import { expect, MAIL_ARRIVES_WITHIN_MS, mailsTo, type CaughtMail } from '../fixtures';

export { mailsTo, type CaughtMail };

/** Waits until a mail whose subject matches has reached the catcher, and returns it. */
export async function waitForMail(request: APIRequestContext, email: string, subject: RegExp, timeout = MAIL_ARRIVES_WITHIN_MS): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, email)).find((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { timeout, message: `a mail to ${email} with subject ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail's text that points at this path of the portal. */
export function linkIn(mail: CaughtMail, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s]*`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in "${mail.subject}"`);
  return match[0];
}

/** Follows a deletion request's confirmation link through the API (journeys that test the form, not the mail). */
export async function confirmDeletionByMail(request: APIRequestContext, email: string) {
  const mail = await waitForMail(request, email, /^Confirm your account deletion request$/);
  const token = new URL(linkIn(mail, '/request-account-deletion/confirm')).searchParams.get('token');
  const res = await request.post('/api/account-deletion-requests/confirm', { data: { token } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Screenshots a caught mail on its /dev/mailbox page, at a phone's and a desktop's width (in a page of its own). */
export async function screenshotMail(page: Page, mail: CaughtMail, name: string) {
  const view = await page.context().newPage();
  await view.goto(`/dev/mailbox/${mail.id}`);
  await expect(view.getByRole('heading', { name: mail.subject })).toBeVisible();
  for (const width of [390, 1280]) {
    await view.setViewportSize({ width, height: 1100 });
    await view.screenshot({ path: `test-results/mail-${name}-${width}.png`, fullPage: true });
  }
  await view.close();
}
