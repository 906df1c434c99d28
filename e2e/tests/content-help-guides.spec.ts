import { expect, expectAccessible, newUser, signUpThroughApi, test } from '../fixtures';

// Dates show in the visitor's time zone; the demo guides' dates are midnight UTC.
test.use({ timezoneId: 'UTC' });

test('help guides: search counts and highlights matches, opens a guide, and says when nothing matches', async ({
  page,
}) => {
  await signUpThroughApi(page, newUser('guides'));
  await page.goto('/help-guides');
  await expect(page.getByRole('heading', { name: 'Help & Support Guides' })).toBeVisible();
  const titles = page.getByRole('main').getByRole('heading', { level: 2 });
  // Sorted by category, then title.
  await expect(titles.first()).toHaveText('Connect a receipt printer');
  await expect(titles.nth(1)).toHaveText('Add an item to your menu');
  await expect(titles).toHaveCount(9);
  const count = page.getByRole('status').filter({ hasText: /result/ });
  await expect(count).toHaveCount(0);

  const search = page.getByPlaceholder('Search help guides, settings...');
  await search.fill('PRINTER');
  await expect(page.getByText('1 result', { exact: true })).toBeVisible();
  await expect(titles).toHaveText(['Connect a receipt printer']);
  await expect(titles.first().locator('mark')).toHaveText('printer');

  // Case-insensitive, across category and tags as well as titles.
  await search.fill('promo');
  await expect(page.getByText('2 results found')).toBeVisible();
  await expect(titles).toHaveText(['Create a promo code', 'Send a push notification']);
  await search.fill('Web Console');
  await expect(page.getByText('6 results found')).toBeVisible();
  await search.fill('banking');
  await expect(page.getByText('1 result', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // The card opens the guide with every field, by keyboard too.
  await page.getByRole('button', { name: 'Connect your payout account' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Connect your payout account' });
  await expect(dialog).toBeVisible();
  for (const text of ['Description', 'How to Use', 'Navigation Path', 'Tags'])
    await expect(dialog.getByRole('heading', { name: text })).toBeVisible();
  await expect(dialog.getByText('Link the account where card payments are paid out.')).toBeVisible();
  await expect(dialog.getByText(/Follow the payment provider's steps/)).toBeVisible();
  await expect(dialog.getByText('Web Console > Settings > Payments > Payout Account')).toBeVisible();
  for (const chip of ['Store Settings', 'advanced', '#banking', '#payouts'])
    await expect(dialog.getByText(chip, { exact: true })).toBeVisible();
  await expect(dialog.getByText('Last Updated: Jun 30, 2025')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  await search.fill('no guide says this');
  await expect(page.getByText('0 results found')).toBeVisible();
  await expect(page.getByText('No results found', { exact: true })).toBeVisible();
  await expect(page.getByText('Try searching with different keywords or clearing the search.')).toBeVisible();

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(titles).toHaveCount(9);
  await expect(count).toHaveCount(0);
});

test('help guides show the load error', async ({ page }) => {
  await signUpThroughApi(page, newUser('guides-error'));
  await page.route('**/api/help-guides', (route) =>
    route.fulfill({ status: 404, json: { error: { code: 'NOT_FOUND', message: 'x' } } }),
  );
  await page.goto('/help-guides');
  await expect(page.getByRole('alert')).toHaveText('Failed to load help guides. Please try again later.');
});

test('help guides at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughApi(page, newUser('guides-phone'));
  await page.goto('/help-guides');
  await page.getByPlaceholder('Search help guides, settings...').fill('holidays');
  await expect(page.getByText('1 result', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Set your business hours' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
