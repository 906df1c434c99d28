import { randomUUID } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
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

/** Creates an account through the real /login page and waits for the page it lands on. */
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
}

/** Creates an account through the API (faster, for journeys that are not about sign-up). */
export async function signUpThroughApi(page: Page, user: NewUser = newUser()) {
  const res = await page.request.post('/api/auth/sign-up/email', { data: user });
  expect(res.status(), await res.text()).toBe(200);
  return user;
}

export async function signInThroughUi(page: Page, user: Pick<NewUser, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}
