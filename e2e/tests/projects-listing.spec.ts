import type { Page } from '@playwright/test';
import { expect, expectAccessible, newUser, signUpThroughApi, test } from '../fixtures';
import { jpegBytes } from '../../apps/server/test/image-bytes';
import { pngFile } from './onboarding-helpers';
import { recordAlerts } from './support-helpers';
import { signInAsNewStaff, signInStaffThroughUi } from './staff-helpers';

const png = (name: string, width: number, height: number) => ({ name, mimeType: 'image/png', buffer: pngFile(width, height, [40, 110, 200]) });

/** Looks at the page at phone and desktop widths (saved under /tmp): nothing wider than the phone's screen. */
async function atBothWidths(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} at ${width}`).toBe(true);
    await page.screenshot({ path: `/tmp/listing-e2e/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const checklistItem = (page: Page, label: string) => page.getByRole('list', { name: 'Launch checklist' }).getByRole('listitem').filter({ hasText: label });

test('the customer fills the store listing with its images, and staff see it ready or what is missing', async ({ page, browser, baseURL }) => {
  const alerts = recordAlerts(page);
  const user = await signUpThroughApi(page, newUser('listing'));
  const staffApi = await signInAsNewStaff(baseURL!);
  const create = async (projectName: string) => (await (await staffApi.post('/api/staff/projects', { data: { ownerEmail: user.email, projectName } })).json()).projectId as string;
  const projectId = await create('Rosa Bakes App');
  const untouched = await create('Second App');
  await staffApi.dispose();

  await page.goto(`/projects/${projectId}`);
  await expect(checklistItem(page, 'Store listing complete')).toContainText('(not done)');
  await expect(checklistItem(page, 'Paid subscription active')).toContainText('(not done)');
  const listingCard = page.getByRole('heading', { name: 'Store listing' }).locator('..');
  await expect(listingCard.getByRole('list', { name: 'Missing for the stores' })).toContainText('App icon');
  await expectAccessible(page);
  await atBothWidths(page, 'project-before');
  await listingCard.getByRole('link', { name: 'Fill in the store listing' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/store-listing$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Store listing' })).toBeVisible();

  // A name too long and an icon of the wrong size are said at their fields.
  const appName = page.getByLabel('App name');
  await appName.fill('Rosa Bakes Fresh Bread and Cakes');
  await expect(page.getByText('32 / 30 characters')).toBeVisible();
  await appName.blur();
  await expect(page.getByText('App name can be at most 30 characters (it has 32).')).toBeVisible();
  await page.getByTestId('listing-icon-input').setInputFiles(png('small-icon.png', 512, 512));
  await expect(page.getByRole('alert').filter({ hasText: 'small-icon.png: The app icon must be 1024 x 1024 pixels; this one is 512 x 512.' })).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(appName).toHaveAttribute('aria-invalid', 'true');
  await expect(appName).toBeFocused();
  await expectAccessible(page);
  await atBothWidths(page, 'listing-errors');

  await appName.fill('Rosa Bakes');
  await expect(page.getByText('10 / 30 characters')).toBeVisible();
  await page.getByLabel('Short description').fill('Order fresh bread and cakes from Rosa Bakes.');
  await page.getByLabel('Full description').fill('Browse the menu, order ahead and collect in the shop.');
  await page.getByLabel('Keywords').fill('bakery,bread,cakes');
  await page.getByLabel('Category').selectOption('Food & Drink');
  await page.getByLabel('Support URL').fill('https://rosabakes.example.com/help');
  await page.getByLabel('Privacy policy URL').fill('https://rosabakes.example.com/privacy');
  await page.getByTestId('listing-icon-input').setInputFiles(png('icon.png', 1024, 1024));
  await expect(page.getByRole('list', { name: 'App icon' })).toContainText('1024 x 1024 PNG');
  await page.getByTestId('listing-iphone69-input').setInputFiles(png('iphone.png', 1290, 2796));
  await page.getByTestId('listing-androidPhone-input').setInputFiles([png('android-1.png', 1080, 1920), { name: 'android-2.jpg', mimeType: 'image/jpeg', buffer: jpegBytes(1920, 1080) }]);
  await expect(page.getByRole('list', { name: 'iPhone 6.9" screenshots' })).toContainText('1290 x 2796 PNG');
  const android = page.getByRole('list', { name: 'Android phone screenshots' });
  await expect(android.getByRole('listitem')).toHaveCount(2);
  await expect(android).toContainText('1920 x 1080 JPEG');
  // The browser decodes the JPEG as served back from the upload (the two uploads may finish in either order).
  await expect
    .poll(() => android.getByRole('img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth).sort((a, b) => Number(a) - Number(b))))
    .toEqual([1080, 1920]);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await expect(page.getByText('Ready for the stores.')).toBeVisible();
  await expectAccessible(page);
  await atBothWidths(page, 'listing-saved');

  await page.getByRole('link', { name: 'Back to the project' }).click();
  await expect(checklistItem(page, 'Store listing complete')).toContainText('(done)');
  await expect(checklistItem(page, 'Store listing complete')).not.toContainText('(not done)');
  await expect(checklistItem(page, 'Paid subscription active').getByRole('link')).toHaveAttribute('href', '/checkout');
  await expect(page.getByRole('heading', { name: 'Store listing' }).locator('..')).toContainText('Ready for the stores.');
  await atBothWidths(page, 'project-after');
  expect(alerts).toEqual([]);

  // Staff see the filled listing ready with its images, and the other project's missing items.
  const staffContext = await browser.newContext({ baseURL });
  const staffPage = await staffContext.newPage();
  await signInStaffThroughUi(staffPage, baseURL!);
  await staffPage.goto(`/staff/projects/${projectId}`);
  const listingSection = staffPage.getByRole('region', { name: 'Store listing' });
  await expect(listingSection).toContainText('Ready for the stores.');
  await expect(listingSection).toContainText('Order fresh bread and cakes from Rosa Bakes.');
  await expect(listingSection.getByRole('list', { name: 'App icon' })).toContainText('1024 x 1024 PNG');
  await expect(listingSection.getByRole('list', { name: 'Android phone screenshots' }).getByRole('listitem')).toHaveCount(2);
  const staffChecklist = staffPage.getByRole('region', { name: 'Launch checklist' });
  await expect(staffChecklist.getByRole('listitem').filter({ hasText: 'Store listing complete' })).toContainText('(done)');
  await expect(staffChecklist.getByRole('link', { name: /Paid subscription active/ })).toHaveAttribute('href', new RegExp('/staff/customers/[^#]+#section-subscriptions$'));
  await expectAccessible(staffPage);
  await atBothWidths(staffPage, 'staff-ready');

  await staffPage.goto(`/staff/projects/${untouched}`);
  const missing = staffPage.getByRole('region', { name: 'Store listing' }).getByRole('list', { name: 'Missing for the stores' });
  await expect(missing).toContainText('App name');
  await expect(missing).toContainText('Android phone screenshots (at least 2)');
  await expect(staffPage.getByRole('region', { name: 'Store listing' })).toContainText('Not saved by the customer yet.');
  await expectAccessible(staffPage);
  await atBothWidths(staffPage, 'staff-missing');
  await staffContext.close();
});
