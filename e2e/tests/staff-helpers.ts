import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { request, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { nextTotpCode, secretOfUri } from '../../apps/server/src/platform/auth/totp';
import { expect, newUser, operatorUrl, signUpThroughApi, type NewUser } from '../fixtures';

const operator = { authorization: 'Bearer e2e-operator-token-0123456789' };

/** What an authenticator app holds after setup, and the recovery codes shown once. */
export interface TwoFactorSecrets {
  secret: string;
  recoveryCodes: string[];
}

/**
 * On the setup page a first sign-in lands on: confirms the password, reads the key shown under the QR code as an
 * authenticator app would, types its current code, and keeps the recovery codes shown once.
 */
export async function setUpTwoFactorThroughUi(page: Page, password: string, atQrCode?: () => Promise<void>): Promise<TwoFactorSecrets> {
  await page.getByLabel('Current Password').fill(password);
  await page.getByRole('button', { name: 'Set Up' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await atQrCode?.();
  const secret = ((await page.getByTestId('two-factor-key').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('6-digit code from the app').fill(await nextTotpCode(secret));
  await page.getByRole('button', { name: 'Turn On' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  return { secret, recoveryCodes: await codes.allTextContents() };
}

/**
 * Sets up the second factor of the account signed in on `api` as the setup page does (password, then a code), from
 * the portal's own origin as better-auth asks of signed-in writes.
 */
export async function setUpTwoFactorThroughApi(api: APIRequestContext, baseURL: string, password: string): Promise<TwoFactorSecrets> {
  const headers = { origin: new URL(baseURL).origin };
  const enabled = await api.post('/api/auth/two-factor/enable', { headers, data: { password } });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const secret = secretOfUri(totpURI);
  const confirmed = await api.post('/api/auth/two-factor/verify-totp', { headers, data: { code: await nextTotpCode(secret) } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { secret, recoveryCodes: backupCodes };
}

/**
 * A staff member signed in on an API context of their own: made through the operator endpoint, the way
 * `npm run portal -- create-staff` makes one, with the second factor set up as at their first sign-in.
 */
export async function signInAsNewStaff(baseURL: string): Promise<APIRequestContext> {
  const email = `staff-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'staff-password-123';
  const operatorApi = await request.newContext({ baseURL });
  const created = await operatorApi.post(operatorUrl('/api/operator/staff'), { headers: operator, data: { email, password } });
  expect(created.status(), await created.text()).toBe(200);
  await operatorApi.dispose();
  const staff = await request.newContext({ baseURL });
  const signedIn = await staff.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await setUpTwoFactorThroughApi(staff, baseURL, password);
  return staff;
}

/** Makes a staff account through the operator endpoint, as `npm run portal -- create-staff` does. */
export async function createStaffAccount(baseURL: string, staff: { name: string; email: string; password: string; role: 'admin' | 'agent' }) {
  const api = await request.newContext({ baseURL });
  const created = await api.post(operatorUrl('/api/operator/staff'), { headers: operator, data: staff });
  expect(created.status(), await created.text()).toBe(200);
  await api.dispose();
}

/**
 * A staff account (an admin unless told) made through the operator endpoint (as `npm run portal -- create-staff`),
 * signed in on /login: its first sign-in sets up the second factor, then the console opens.
 */
export async function signInStaffThroughUi(
  page: Page,
  baseURL: string,
  role: 'admin' | 'agent' = 'admin',
): Promise<{ name: string; email: string; password: string } & TwoFactorSecrets> {
  const id = randomUUID().slice(0, 8);
  const staff = { name: `Sam ${id}`, email: `staff-${id}@example.com`, password: 'staff-password-123' };
  await createStaffAccount(baseURL, { ...staff, role });
  await page.goto('/login');
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/two-factor-setup$/);
  const secrets = await setUpTwoFactorThroughUi(page, staff.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  return { ...staff, ...secrets };
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

/** Goes to a section of the console through the staff nav; on a phone it first opens the "Sections" button's list. */
export async function openStaffSection(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'Staff' });
  // Right after sign-in the console's code may still be loading behind "Loading...": wait for its nav before asking
  // whether this width folds the sections behind the button.
  await expect(nav).toBeVisible();
  const sections = nav.getByRole('button', { name: /^Sections/ });
  if ((await sections.isVisible()) && (await sections.getAttribute('aria-expanded')) !== 'true') await sections.click();
  await nav.getByRole('link', { name, exact: true }).click();
}
