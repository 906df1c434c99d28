import { randomUUID } from 'node:crypto';
import { expect, expectAccessible, test } from '../fixtures';
import { openStaffSection, screenshots, signInStaffThroughUi } from './staff-helpers';

/**
 * The portfolio and the "Trusted by" names are content that staff keep: what they save is what a visitor sees on
 * /portfolio and on the landing page (the prerendered one, which the server fills in), at a desktop's and a phone's
 * width. On the content server: other journeys count the demo portfolio's cards.
 */
for (const width of [1280, 390]) {
  test(`at ${width} px, staff edit a portfolio entry and a "Trusted by" name, and visitors see them`, async ({ page, browser, baseURL }) => {
    test.setTimeout(240_000);
    const id = randomUUID().slice(0, 6);
    const entryName = `Corner Deli ${id}`;
    const businessName = `Daily Bread ${id}`;
    await signInStaffThroughUi(page, baseURL!);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const visitor = await (await browser.newContext({ baseURL, viewport: { width, height: width === 390 ? 844 : 800 } })).newPage();

    // A portfolio entry, created and then renamed; its empty addresses show no button.
    await openStaffSection(page, 'Portfolio');
    await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
    await page.getByRole('button', { name: 'New entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'New portfolio entry' });
    await dialog.getByLabel('App Store address').fill('not an address');
    await dialog.getByRole('button', { name: 'Create entry' }).click();
    await expect(dialog.getByText('Name is required.')).toBeVisible();
    await expect(dialog.getByText('App Store address must start with https://.')).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill(entryName);
    await dialog.getByLabel('Kind (e.g. Restaurant app)').fill('Deli app');
    await dialog.getByLabel('Description', { exact: true }).fill('Sandwich orders ahead, paid in the app.');
    await dialog.getByLabel('Image address').fill('/media/portfolio/harbor-grill.svg');
    await dialog.getByLabel('Image description').fill('The Corner Deli app');
    await dialog.getByLabel('App Store address').fill(`https://apps.apple.com/us/app/corner-deli/id${Date.now()}`);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create entry' }).click();
    await expect(dialog).toBeHidden();
    const entries = page.getByRole('list', { name: 'Portfolio entries' });
    await expect(entries.getByRole('listitem').last()).toContainText(entryName);

    const renamed = `${entryName} & Grill`;
    await entries.getByRole('button', { name: `Edit ${entryName}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit portfolio entry' });
    await expect(edit.getByLabel('Description', { exact: true })).toHaveValue('Sandwich orders ahead, paid in the app.');
    await edit.getByLabel('Name', { exact: true }).fill(renamed);
    await edit.getByRole('button', { name: 'Save entry' }).click();
    await expect(edit).toBeHidden();
    await expect(entries.getByRole('listitem').last()).toContainText(renamed);
    if (width === 1280) await screenshots(page, 'portfolio');

    await visitor.goto('/portfolio');
    const card = visitor.getByRole('article').filter({ hasText: renamed });
    await expect(card.getByRole('heading', { name: renamed })).toBeVisible();
    await expect(card.getByRole('link', { name: `View on App Store: ${renamed} (opens in a new tab)` })).toHaveAttribute('href', /^https:\/\/apps\.apple\.com\//);
    await expect(card.getByRole('link', { name: /^View on Play Store/ })).toHaveCount(0);
    await expect(card.getByRole('link', { name: /^Visit Website/ })).toHaveCount(0);
    await expectAccessible(visitor);

    // A "Trusted by" name, added and then renamed: the landing page's strip names it.
    await openStaffSection(page, 'Trusted by');
    await expect(page.getByRole('heading', { level: 1, name: 'Trusted by' })).toBeVisible();
    await page.getByRole('button', { name: 'Add name' }).click();
    const add = page.getByRole('dialog', { name: 'New name' });
    await add.getByLabel('Business name').fill(businessName);
    await add.getByRole('button', { name: 'Add name' }).click();
    await expect(add).toBeHidden();
    const names = page.getByRole('list', { name: 'Trusted by' });
    await expect(names.getByRole('listitem').last()).toContainText(businessName);
    const renamedBusiness = `${businessName} Bakery`;
    await names.getByRole('button', { name: `Edit ${businessName}` }).click();
    const rename = page.getByRole('dialog', { name: 'Edit name' });
    await rename.getByLabel('Business name').fill(renamedBusiness);
    await rename.getByRole('button', { name: 'Save name' }).click();
    await expect(rename).toBeHidden();
    await expect(names.getByRole('listitem').last()).toContainText(renamedBusiness);
    await expectAccessible(page);
    if (width === 1280) await screenshots(page, 'trusted-by');

    // The visitor has no session cookie: `/` is the prerendered landing page with the names written in.
    await visitor.goto('/');
    const strip = visitor.getByRole('region', { name: 'Trusted by 1,000+ locations' });
    await expect(strip).toContainText(renamedBusiness);
    await expectAccessible(visitor);

    // Taken out again (after the console's confirmation): the strip no longer names it, nor /portfolio the entry.
    await names.getByRole('button', { name: `Delete ${renamedBusiness}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(names.getByText(renamedBusiness)).toHaveCount(0);
    await openStaffSection(page, 'Portfolio');
    await entries.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(entries.getByText(renamed)).toHaveCount(0);
    await visitor.goto('/');
    await expect(strip).toContainText("Rosa's Kitchen");
    await expect(strip).not.toContainText(renamedBusiness);
    await visitor.goto('/portfolio');
    await expect(visitor.getByRole('heading', { name: 'Harbor Grill' })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: renamed })).toHaveCount(0);
  });
}
