import { expect, expectAccessible, test } from '../fixtures';
import { pngFile } from './onboarding-helpers';
import { customerInNewContext, screenshots, signInStaffThroughUi } from './staff-helpers';

test('staff upload a banner that an open dashboard shows at once, newest first, change it, then delete it and its image', async ({ page, browser, baseURL }) => {
  // Two or three people, several pages and accessibility checks: longer than one page's journey.
  test.setTimeout(240_000);
  const title = `Summer offer ${Date.now().toString(36)}`;
  await signInStaffThroughUi(page, baseURL!);
  const { page: customer } = await customerInNewContext(browser, baseURL!, 'banners');
  await customer.goto('/dashboard');
  const carousel = customer.getByRole('region', { name: 'Featured' });
  const dots = carousel.getByRole('button', { name: /^Show banner \d+$/ });
  await expect(dots.first()).toBeVisible();
  const before = await dots.count();

  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Banners' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Banners' })).toBeVisible();
  await page.getByRole('button', { name: 'New banner' }).click();
  const dialog = page.getByRole('dialog', { name: 'New banner' });
  await dialog.getByRole('button', { name: 'Create banner' }).click();
  await expect(dialog.getByText('Upload an image.')).toBeVisible();
  await dialog.getByTestId('banner-image-input').setInputFiles({ name: 'summer.png', mimeType: 'image/png', buffer: pngFile(900, 300, [200, 90, 40]) });
  await expect(dialog.getByRole('img', { name: 'Banner image preview' })).toBeVisible();
  await dialog.getByLabel('Title (optional)', { exact: true }).fill(title);
  await dialog.getByLabel('Subtitle (optional)', { exact: true }).fill('Two months free on every plan.');
  await dialog.getByLabel(/^Link/).fill('//elsewhere.example');
  await dialog.getByRole('button', { name: 'Create banner' }).click();
  await expect(dialog.getByText('The link must be an http(s) URL or a portal path such as /select-plan.')).toBeVisible();
  await dialog.getByLabel(/^Link/).fill('/select-plan');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create banner' }).click();
  await expect(dialog).toBeHidden();

  // Newest first, as customers see them.
  const list = page.getByRole('list', { name: 'Banners' });
  await expect(list.getByRole('listitem').first()).toContainText(title);
  const row = list.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Links to /select-plan');

  // Live on the customer's open dashboard: one more banner, the first one, its image served to the customer.
  await expect(dots).toHaveCount(before + 1);
  await carousel.getByRole('button', { name: 'Show banner 1' }).click();
  await expect(carousel.getByRole('link')).toHaveAccessibleName(new RegExp(title));
  await expect(carousel.getByRole('link')).toHaveAttribute('href', '/select-plan');
  const image = carousel.locator('img').first();
  const src = (await image.getAttribute('src'))!;
  expect(src).toMatch(/^\/api\/files\//);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(900);
  await expectAccessible(page);
  await screenshots(page, 'banners');

  // Words changed: the dashboard follows.
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit banner' });
  await expect(edit.getByLabel('Title (optional)', { exact: true })).toHaveValue(title);
  await edit.getByLabel('Subtitle (optional)', { exact: true }).fill('Three months free, this week only.');
  await screenshots(page, 'banner-form');
  await edit.getByRole('button', { name: 'Save banner' }).click();
  await expect(edit).toBeHidden();
  await carousel.getByRole('button', { name: 'Show banner 1' }).click();
  await expect(carousel.getByRole('link')).toHaveAccessibleName(/Three months free, this week only\./);

  // Deleted: gone from the dashboard at once, and its image with it.
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(row).toHaveCount(0);
  await expect(dots).toHaveCount(before);
  await expect(carousel.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
  expect((await page.request.get(src)).status()).toBe(404);
});
