import { expect, newUser, signInThroughUi, signUpThroughApi, test } from '../fixtures';
import { pngFile } from './onboarding-helpers';
import { createChatThroughUi, recordAlerts } from './support-helpers';

const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const photoInput = 'input[type=file][aria-label="Choose a profile photo"]';

for (const width of [1280, 390]) {
  test.describe(`account details at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    });

    test('a refused photo says why beside the photo, and a photo can be removed for the initials', async ({ page }, testInfo) => {
      const user = await signUpThroughApi(page, { ...newUser('photo-details'), name: 'Robin Quinn' });
      await page.goto('/account-settings');
      await expect(page.getByRole('img', { name: 'No profile photo' })).toHaveText('RQ');

      await page.locator(photoInput).setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: Buffer.from('a text file pretending to be a picture') });
      const refusal = page.locator('#profile-photo-error');
      await expect(refusal).toHaveText('Failed to upload profile picture. The file is not a valid image.');
      await expect(refusal).toHaveRole('alert');
      await page.screenshot({ path: testInfo.outputPath(`photo-refused-${width}.png`) });
      await page.locator(photoInput).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some notes') });
      await expect(refusal).toHaveText('Failed to upload profile picture. Only images can be uploaded here.');
      await expect(page.getByRole('img', { name: 'No profile photo' })).toBeVisible();

      // A good photo takes the message away; then it is removed, after the portal's own question.
      await page.locator(photoInput).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngFile(64, 64, [200, 80, 40]) });
      const photo = page.getByRole('img', { name: 'Profile photo' });
      await expect(photo).toHaveAttribute('src', /^\/api\/files\//);
      await expect(refusal).toBeHidden();
      const src = (await photo.getAttribute('src'))!;
      page.on('dialog', () => {
        throw new Error('the browser was asked to confirm');
      });
      await page.getByRole('button', { name: 'Remove', exact: true }).click();
      const ask = page.getByRole('dialog', { name: 'Remove your profile photo?' });
      await expect(ask).toContainText('Your initials will show instead.');
      await page.screenshot({ path: testInfo.outputPath(`photo-remove-dialog-${width}.png`) });
      await ask.getByRole('button', { name: 'Remove Photo' }).click();
      await expect(ask).toBeHidden();
      await expect(page.getByRole('img', { name: 'No profile photo' })).toHaveText('RQ');
      await expect(page.getByRole('button', { name: 'Remove', exact: true })).toBeHidden();
      await expect(page.getByRole('button', { name: `Account menu for ${user.name}` })).toContainText('RQ');
      expect((await page.request.get(src)).status()).toBe(404);
      await page.screenshot({ path: testInfo.outputPath(`photo-removed-${width}.png`) });
    });

    test('one device signs out another: it is listed with its place and last activity, and is signed out on its next request', async ({ page, browser }, testInfo) => {
      const user = await signUpThroughApi(page, newUser('devices-one'));
      const phoneContext = await browser.newContext({ timezoneId: 'Asia/Tokyo', userAgent: SAFARI_ON_IPHONE });
      const phone = await phoneContext.newPage();
      await signInThroughUi(phone, user);
      await expect(phone).toHaveURL(/\/select-plan$/);

      await page.goto('/account-settings');
      const devices = page.getByRole('listitem').filter({ hasText: 'Last active' });
      await expect(devices).toHaveCount(2);
      const here = devices.filter({ hasText: 'This device' });
      await expect(here).toContainText(/Chrome on \w+/);
      await expect(here.getByRole('button', { name: /Sign out/ })).toHaveCount(0);
      const other = devices.filter({ hasText: 'Tokyo area (Asia/Tokyo)' });
      await expect(other).toContainText('Safari on iOS');
      await other.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`devices-${width}.png`), fullPage: true });

      await other.getByRole('button', { name: 'Sign out Safari on iOS' }).click();
      const ask = page.getByRole('dialog', { name: 'Sign out Safari on iOS?' });
      await expect(ask).toContainText('This device stays signed in.');
      await page.screenshot({ path: testInfo.outputPath(`devices-dialog-${width}.png`) });
      await ask.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByText('Safari on iOS was signed out.')).toBeVisible();
      await expect(devices).toHaveCount(1);

      // The other browser still shows its page; its next request finds it signed out.
      await phone.goto('/account-settings');
      await expect(phone).not.toHaveURL(/\/account-settings$/);
      expect((await phone.request.get('/api/me')).ok()).toBe(true);
      expect((await (await phone.request.get('/api/me')).json()).user).toBeNull();
      await phoneContext.close();
      // This device goes on.
      await page.reload();
      await expect(devices).toHaveCount(1);
    });

    test('a new support chat opens once it is made', async ({ page }, testInfo) => {
      recordAlerts(page);
      await signUpThroughApi(page, newUser('chat-opens'));
      const chatId = await createChatThroughUi(page, 'Technical Support', 'The menu will not load.');
      await expect(page).toHaveURL(new RegExp(`/support/chat/${chatId}$`));
      await expect(page.getByRole('heading', { name: 'Support Chat' })).toBeVisible();
      await expect(page.getByPlaceholder('Type a message...')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`chat-opened-${width}.png`) });
    });
  });
}
