import { expect, expectAccessible, newUser, signUpThroughApi, test } from '../fixtures';
import { holdUploads, pngFile } from './onboarding-helpers';

test('a customer changes the profile photo with progress, pausing once, and the header shows it at once', async ({
  page,
}) => {
  const user = await signUpThroughApi(page, newUser('photo'));
  await page.goto('/account-settings');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByText('Member Since')).toBeVisible();
  await expect(page.getByRole('img', { name: 'No profile photo' })).toBeVisible();
  await expectAccessible(page);

  // Over 256 KiB: it goes in chunks. Hold the second chunk to see the progress and pause the upload there.
  const release = await holdUploads(page, (method, index) => method === 'PATCH' && index === 3);
  await page.locator('input[type=file][aria-label="Choose a profile photo"]').setInputFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: pngFile(400, 400, [90, 60, 200], 700_000),
  });
  const progress = page.getByRole('progressbar', { name: 'Upload of portrait.png' });
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Pause upload of portrait.png' }).click();
  await expect(page.getByText(/^Paused portrait\.png/)).toBeVisible();
  await release();
  await page.getByRole('button', { name: 'Resume upload of portrait.png' }).click();

  const photo = page.getByRole('img', { name: 'Profile photo' });
  await expect(photo).toHaveAttribute('src', /^\/api\/files\/[0-9a-f-]{36}$/);
  await expect(progress).toBeHidden();
  const src = await photo.getAttribute('src');
  await expect(
    page.getByRole('button', { name: `Account menu for ${user.name}` }).locator('img'),
  ).toHaveAttribute('src', src!);
  const image = await page.request.get(src!);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(image.headers()['x-content-type-options']).toBe('nosniff');
});

test('a customer edits the name and phone number with validation; the header follows', async ({ page }) => {
  const user = await signUpThroughApi(page, newUser('profile'));
  await page.goto('/account-settings');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Full Name')).toHaveValue(user.name);
  await page.getByLabel('Full Name').fill('   ');
  await page.getByLabel('Phone Number').fill('call me maybe');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Full Name is required.')).toBeVisible();
  await expect(page.getByText('Please enter a valid phone number.')).toBeVisible();
  await expectAccessible(page);
  // A blank phone number is refused, as at sign-up.
  await page.getByLabel('Phone Number').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Phone Number is required.')).toBeVisible();

  await page.getByLabel('Full Name').fill('Jordan Baker');
  await page.getByLabel('Phone Number').fill('+1 (555) 987-6543');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status')).toHaveText('Your profile was updated.');
  await expect(page.getByText('+1 (555) 987-6543')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Jordan Baker' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('main').getByText('Jordan Baker', { exact: true })).toBeVisible();
});
