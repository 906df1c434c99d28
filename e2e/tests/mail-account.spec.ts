import { expect, expectAccessible, newUser, signInThroughUi, signUpThroughApi, test } from '../fixtures';
import { linkIn, mailTo, waitForMail } from './mail-helpers';

test('forgot password end to end: e-mailed one-time link, new password, the old session signed out', async ({ page, browser }) => {
  // The account is signed in on this page; the recovery happens in another browser.
  const user = await signUpThroughApi(page, newUser('forgot'));
  await page.goto('/account-settings');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

  const other = await browser.newContext();
  const recovery = await other.newPage();
  await recovery.goto('/login');
  await recovery.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(recovery.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expectAccessible(recovery);

  // A malformed address is refused at the form, with the field's message.
  await recovery.getByLabel('Email').fill('not-an-address');
  await recovery.getByRole('button', { name: 'Email me a link' }).click();
  await expect(recovery.getByText('Please enter a valid email address.')).toBeVisible();

  await recovery.getByLabel('Email').fill(user.email);
  await recovery.getByRole('button', { name: 'Email me a link' }).click();
  await expect(recovery.getByText(`If an account exists for ${user.email}, we have sent it a link`)).toBeVisible();

  const mail = await waitForMail(page, user.email, 'Reset your password');
  expect(mail.text).toContain('The link works once, for 1 hour.');
  const link = linkIn(mail);
  await recovery.goto(link);
  await expect(recovery).toHaveURL(/\/reset-password\?token=/);
  await expect(recovery.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await recovery.getByLabel('New Password').fill('short');
  await recovery.getByRole('button', { name: 'Save New Password' }).click();
  await expect(recovery.getByText('Password must be at least 12 characters.')).toBeVisible();
  await recovery.getByLabel('New Password').fill('a-brand-new-password');
  await recovery.getByRole('button', { name: 'Save New Password' }).click();
  await expect(recovery.getByText('Your password was changed, and every device was signed out.')).toBeVisible();

  // The link works once: opened again, it says so and offers a new one.
  await recovery.goto(link);
  await expect(recovery.getByText('This link has expired or was already used.')).toBeVisible();
  await expect(recovery.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/forgot-password');

  await signInThroughUi(recovery, { email: user.email, password: 'a-brand-new-password' });
  await expect(recovery).toHaveURL(/\/select-plan$/);
  await other.close();

  // The session that was open before the reset has ended.
  await page.reload();
  await expect(page).not.toHaveURL(/\/account-settings$/);
  expect((await (await page.request.get('/api/me')).json()).user).toBeNull();
});

test('changing the e-mail: a link to the new address, a notice to the old, then sign-in with the new address', async ({ page, browser }) => {
  const user = await signUpThroughApi(page, newUser('moving'));
  const newEmail = `moved-${user.email}`;
  await page.goto('/account-settings');
  await page.getByRole('button', { name: 'Change Email' }).click();
  await page.getByLabel('New Email').fill('moved@');
  await page.getByRole('button', { name: 'Send Confirmation Link' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

  await page.getByLabel('New Email').fill(newEmail);
  await page.getByRole('button', { name: 'Send Confirmation Link' }).click();
  await expect(page.getByText(`We sent a link to ${newEmail}.`)).toBeVisible();

  const notice = await waitForMail(page, user.email, 'Your e-mail address is being changed');
  expect(notice.text).toContain(`to ${newEmail}`);
  const confirm = await waitForMail(page, newEmail, 'Confirm your new e-mail address');
  // Until the link is followed, the account keeps its address.
  expect((await (await page.request.get('/api/me')).json()).user.email).toBe(user.email);

  await page.goto(linkIn(confirm));
  await expect(page).toHaveURL(/\/email-verified$/);
  await expect(page.getByText(`your email address ${newEmail} is verified`)).toBeVisible();
  await page.goto('/account-settings');
  await expect(page.getByText(newEmail)).toBeVisible();
  await expect(page.getByText('Your sign-in email is verified.')).toBeVisible();

  const other = await browser.newContext();
  const fresh = await other.newPage();
  await signInThroughUi(fresh, { email: newEmail, password: user.password });
  await expect(fresh).toHaveURL(/\/select-plan$/);
  await other.close();
  expect(await mailTo(page, newEmail)).toHaveLength(1);
});

test('account settings: change the password with the current one, and sign out of other devices', async ({ page, browser }) => {
  const user = await signUpThroughApi(page, newUser('devices'));
  const other = await browser.newContext();
  const laptop = await other.newPage();
  await signInThroughUi(laptop, user);
  await expect(laptop).toHaveURL(/\/select-plan$/);

  await page.goto('/account-settings');
  const devices = page.getByRole('listitem').filter({ hasText: 'Last active' });
  await expect(devices).toHaveCount(2);
  await expect(page.getByText('This device')).toHaveCount(1);
  await page.getByRole('button', { name: 'Sign out all other devices' }).click();
  await page.getByRole('dialog', { name: 'Sign out all other devices?' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('Your other devices were signed out.')).toBeVisible();
  await expect(devices).toHaveCount(1);
  await laptop.goto('/account-settings');
  await expect(laptop).not.toHaveURL(/\/account-settings$/);

  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('New Password').fill('my-next-password-1');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your current password is incorrect.')).toBeVisible();
  await page.getByLabel('Current Password').fill(user.password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password was changed, and your other devices were signed out.')).toBeVisible();

  await signInThroughUi(laptop, { email: user.email, password: 'my-next-password-1' });
  await expect(laptop).toHaveURL(/\/select-plan$/);
  await other.close();
});

test('an account made with Google has no password until it sets one, then signs in with it too', async ({ page }) => {
  const email = `google-pw-${Date.now()}@example.com`;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByLabel('Name').fill('Gale Google');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/select-plan$/);
  await waitForMail(page, email, 'Welcome to Your Business Your App');

  await page.goto('/account-settings');
  // Google proved the address: no banner, and no verification mail.
  await expect(page.getByText('Your sign-in email is verified.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verify your email' })).toHaveCount(0);
  await expect(page.getByText('You sign in with Google. Set a password to sign in with your email too.')).toBeVisible();
  await page.getByRole('button', { name: 'Set a Password' }).click();
  await expect(page.getByLabel('Current Password')).toHaveCount(0);
  await page.getByLabel('New Password').fill('my-first-password');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Your password is set.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Password' })).toBeVisible();

  await page.context().clearCookies();
  await signInThroughUi(page, { email, password: 'my-first-password' });
  await expect(page).toHaveURL(/\/select-plan$/);
  // Google proved the address: no verification mail, only the welcome and the notice of the new password.
  await waitForMail(page, email, 'A password was added to your account');
  expect((await mailTo(page, email)).map((m) => m.subject).sort()).toEqual(['A password was added to your account', 'Welcome to Your Business Your App']);
});
