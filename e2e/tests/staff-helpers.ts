import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { request, type Browser, type Locator, type Page } from '@playwright/test';
import { expect, newUser, operatorUrl, signUpThroughApi, type NewUser } from '../fixtures';

const operator = { authorization: 'Bearer e2e-operator-token-0123456789' };

/** A staff account made through the operator endpoint (as `npm run portal -- create-staff`), signed in on /login. */
export async function signInStaffThroughUi(page: Page, baseURL: string): Promise<{ name: string; email: string }> {
  const id = randomUUID().slice(0, 8);
  const staff = { name: `Sam ${id}`, email: `staff-${id}@example.com`, password: 'staff-password-123' };
  const api = await request.newContext({ baseURL });
  const created = await api.post(operatorUrl('/api/operator/staff'), { headers: operator, data: staff });
  expect(created.status(), await created.text()).toBe(200);
  await api.dispose();
  await page.goto('/login');
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/staff$/);
  return staff;
}

/** A customer signed up in a browser context of their own (the second person of a journey). */
export async function customerInNewContext(browser: Browser, baseURL: string, prefix: string): Promise<{ page: Page; user: NewUser }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const user = await signUpThroughApi(page, newUser(prefix));
  return { page, user };
}

/** An ACTIVE subscription with its setup steps for this customer, as a paid checkout makes it. */
export async function seedSubscription(baseURL: string, email: string): Promise<string> {
  const api = await request.newContext({ baseURL });
  const res = await api.post(operatorUrl('/api/operator/onboarding/subscriptions'), { headers: operator, data: { email } });
  expect(res.status(), await res.text()).toBe(201);
  const { subscriptionId } = (await res.json()) as { subscriptionId: string };
  await api.dispose();
  return subscriptionId;
}

/** Saves a screenshot of the page at phone and desktop widths (docs/screenshots), from the top or scrolled to `at`. */
export async function screenshots(page: Page, name: string, at?: Locator) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    if (at) await at.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    else await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/staff-${name}-${width}.png`, import.meta.url)), fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
