import { expect, newUser, signUpThroughApi, test } from '../fixtures';

// Runs on the server whose sign-ins count as old after 3 seconds (playwright.config.ts, the content server).
const SIGN_IN_GROWS_OLD_MS = 3_500;

for (const width of [1280, 390]) {
  test(`a sensitive change with an old sign-in asks for the password, then goes through (${width} px)`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const user = await signUpThroughApi(page, newUser('reauth'));
    await page.goto('/account-settings');
    await page.waitForTimeout(SIGN_IN_GROWS_OLD_MS);

    const newEmail = `moved-${user.email}`;
    await page.getByRole('button', { name: 'Change Email' }).click();
    await page.getByLabel('New Email').fill(newEmail);
    await page.getByRole('button', { name: 'Send Confirmation Link' }).click();
    const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('For your security, enter your password to continue.');
    await expect(dialog.getByLabel('Password')).toBeFocused();
    await page.screenshot({ path: testInfo.outputPath(`reauthentication-dialog-${width}.png`) });

    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Incorrect password. Please try again.')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`reauthentication-error-${width}.png`) });

    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toHaveCount(0);
    // The change that was refused is sent again by itself.
    await expect(page.getByText(`We sent a link to ${newEmail}.`)).toBeVisible();
  });
}

test('cancelling the password dialog leaves the change unmade, with the reason shown', async ({ page }) => {
  const user = await signUpThroughApi(page, newUser('reauth-cancel'));
  await page.goto('/account-settings');
  await page.waitForTimeout(SIGN_IN_GROWS_OLD_MS);
  await page.getByRole('button', { name: 'Change Email' }).click();
  await page.getByLabel('New Email').fill(`moved-${user.email}`);
  await page.getByRole('button', { name: 'Send Confirmation Link' }).click();
  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Please confirm your password to continue.')).toBeVisible();
});
