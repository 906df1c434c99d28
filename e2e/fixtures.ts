import { randomUUID } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export interface NewUser {
  name: string;
  email: string;
  phone: string;
  password: string;
}

export const newUser = (prefix = 'user'): NewUser => ({
  name: `Jamie ${prefix}`,
  email: `${prefix}-${randomUUID().slice(0, 8)}@example.com`,
  phone: '555 201 3344',
  password: 'a-good-password',
});

/** Messages a page may log without failing a test (none of them are ours). */
const TOLERATED = [/Failed to load resource: the server responded with a status of 4\d\d/];

export const test = base.extend<{ consoleErrors: string[]; axeOnLastPage: void }>({
  // Any unexpected console error fails the test that caused it.
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !TOLERATED.some((r) => r.test(msg.text()))) errors.push(msg.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      await use(errors);
      expect(errors, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
  // Every journey also ends with an accessibility check of the page it reached.
  axeOnLastPage: [
    async ({ page }, use, testInfo) => {
      await use();
      if (testInfo.status !== 'passed' || page.isClosed() || !page.url().startsWith('http')) return;
      await page.waitForLoadState('domcontentloaded');
      await expectAccessible(page);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Where a journey's operator calls go. The operator endpoint answers only requests made on the loopback interface
 * that no proxy forwarded, so behind the multi-instance proxy they go to one instance directly (E2E_OPERATOR_URL).
 */
export const operatorUrl = (path: string) => `${process.env.E2E_OPERATOR_URL ?? ''}${path}`;

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  // Colours are judged at rest: a button caught halfway through a fade or hover transition is not a violation.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** A mail the local catcher received (read through /dev/mailbox). */
export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: string[];
}

/**
 * What the local mail catcher received for an address, newest first (/dev/mailbox/messages.json?to=). The mailbox
 * answers this machine only, so behind the multi-instance proxy it is read from one instance directly, as the
 * operator routes are (the caught mails are in the shared database).
 */
export async function mailsTo(request: APIRequestContext, email: string): Promise<CaughtMail[]> {
  const res = await request.get(operatorUrl(`/dev/mailbox/messages.json?to=${encodeURIComponent(email)}`));
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { messages: CaughtMail[] }).messages;
}

export const VERIFY_SUBJECT = 'Verify your e-mail address';

/**
 * How long a mail may take to reach the mailbox: the outbox, the delivery sweep (every second) and SMTP to the
 * catcher, on a server that shares two cores with three others and two browsers.
 */
export const MAIL_ARRIVES_WITHIN_MS = 30_000;

/** The newest verification link mailed to an address, once it has reached the mailbox, as a path on this server. */
export async function verificationLinkFor(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(request, email)).find((m) => m.subject === VERIFY_SUBJECT);
        link = /https?:\/\/[^\s]+(\/api\/auth\/verify-email\?[^\s]+)/.exec(mail?.text ?? '')?.[1];
        return Boolean(link);
      },
      { timeout: MAIL_ARRIVES_WITHIN_MS, message: `a verification link mailed to ${email}` },
    )
    .toBe(true);
  return link!;
}

/**
 * Creates an account through the real /login page: "Check your email", then the link from the mailbox opened in
 * the same page, which signs in and goes on (to the plan's checkout when the sign-up came with one). Waits for
 * nothing after that: the caller checks the page it lands on.
 */
export async function signUpThroughUi(page: Page, user: NewUser, loginUrl = '/login') {
  await page.goto(loginUrl);
  // Arriving with a plan from pricing, the page opens on Create Account already.
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  if ((await heading.textContent()) !== 'Create Account') await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByLabel('Full Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Phone Number').fill(user.phone);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.goto(await verificationLinkFor(page.request, user.email));
}

/**
 * Creates an account through the API (faster, for journeys that are not about sign-up) and follows the link mailed
 * to it, which signs this page's browser in.
 */
export const signUpThroughApi = (page: Page, user: NewUser = newUser()) => signUpWith(page.request, user);

/** The same through any API context (one of its own, say): it is then signed in as the new account. */
export async function signUpWith(request: APIRequestContext, user: NewUser) {
  await startSignUpWith(request, user);
  await followVerificationLink(request, user.email);
  return user;
}

/** Follows the newest link mailed to an address, which signs the context in (not loading the page it goes on to). */
export async function followVerificationLink(request: APIRequestContext, email: string) {
  const followed = await request.get(await verificationLinkFor(request, email), { maxRedirects: 0 });
  expect(followed.status(), await followed.text()).toBe(302);
}

/** Sends the sign-up through the API and stops there: the account waits, unverified, for its link. */
export async function startSignUpWith(request: APIRequestContext, user: NewUser) {
  const res = await request.post('/api/auth/sign-up/email', { data: user });
  expect(res.status(), await res.text()).toBe(200);
  return user;
}

export async function signInThroughUi(page: Page, user: Pick<NewUser, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}
