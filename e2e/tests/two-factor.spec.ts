import { nextTotpCode, secretOfUri } from '../../apps/server/src/platform/auth/totp';
import { expect, newUser, signInThroughUi, signUpThroughApi, test } from '../fixtures';
import { screenshots as pageScreenshots } from './billing-selfserve-helpers';
import { screenshots, setUpTwoFactorThroughUi, signInStaffThroughUi } from './staff-helpers';

test('staff sign in with a code computed from their key, and a recovery code works once', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const staff = await signInStaffThroughUi(page, baseURL!);

  // Signed out, the password alone no longer opens the console: the code of the authenticator app does.
  await page.context().clearCookies();
  await signInThroughUi(page, staff);
  await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
  await screenshots(page, 'two-factor-sign-in');
  await page.getByLabel('Authentication Code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Please try the current code from your authenticator app.');
  await page.getByLabel('Authentication Code').fill(await nextTotpCode(staff.secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/staff$/);

  // A recovery code signs in once ...
  const [recoveryCode] = staff.recoveryCodes;
  await page.context().clearCookies();
  await signInThroughUi(page, staff);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery Code').fill(recoveryCode!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/staff$/);

  // ... and never again.
  await page.context().clearCookies();
  await signInThroughUi(page, staff);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery Code').fill(recoveryCode!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That recovery code is not right, or it was already used.');
  await expect(page).toHaveURL(/\/login/);
});

test('a customer turns two-factor authentication on in Account Settings, and then signs in with a code', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await signUpThroughApi(page, newUser('two-factor'));
  await page.goto('/account-settings');
  await expect(page.getByText('Status: Off')).toBeVisible();
  await page.getByRole('button', { name: 'Turn On Two-Factor Authentication' }).click();
  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Set Up' }).click();
  await expect(page.getByText('Your current password is incorrect.')).toBeVisible();
  const { secret } = await setUpTwoFactorThroughUi(page, user.password, async () => {
    await page.getByTestId('two-factor-key').scrollIntoViewIfNeeded();
    await pageScreenshots(page, 'account-two-factor-setup');
  });
  await page.getByRole('list', { name: 'Recovery codes' }).scrollIntoViewIfNeeded();
  await pageScreenshots(page, 'account-two-factor-codes');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Status: On')).toBeVisible();

  await page.context().clearCookies();
  await signInThroughUi(page, user);
  await page.getByLabel('Authentication Code').fill(await nextTotpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/select-plan$/);
});

test('a Google sign-in never skips the second factor: an account that has one is sent back to sign in with its code', async ({ page, baseURL }) => {
  const email = `google-2fa-${Date.now()}@example.com`;
  const continueWithGoogle = async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByLabel('Name').fill('Gus Guarded');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
  };
  await continueWithGoogle();
  await expect(page).toHaveURL(/\/select-plan$/);
  // A Google-only account turns the second factor on with no password to confirm.
  const headers = { origin: new URL(baseURL!).origin };
  const enabled = await page.request.post('/api/auth/two-factor/enable', { headers, data: {} });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const secret = secretOfUri(((await enabled.json()) as { totpURI: string }).totpURI);
  expect((await page.request.post('/api/auth/two-factor/verify-totp', { headers, data: { code: await nextTotpCode(secret) } })).status()).toBe(200);

  await page.context().clearCookies();
  await continueWithGoogle();
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByRole('alert')).toHaveText('This account uses two-factor authentication. Please sign in with your email, password and code.');
  expect((await (await page.request.get('/api/me')).json()).user).toBeNull();
});
