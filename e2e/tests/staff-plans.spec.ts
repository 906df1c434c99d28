import { expect, expectAccessible, test } from '../fixtures';
import { customerInNewContext, screenshots, signInStaffThroughUi } from './staff-helpers';

test('staff create a plan that appears live on an open /select-plan, reorder it, then hide it', async ({ page, browser, baseURL }) => {
  const title = `Growth ${Date.now()}`;
  await signInStaffThroughUi(page, baseURL!);
  const { page: customer } = await customerInNewContext(browser, baseURL!, 'plans');
  await customer.goto('/select-plan');
  const card = customer.getByRole('article').filter({ has: customer.getByRole('heading', { name: title, exact: true }) });
  await expect(customer.getByRole('article').first()).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Plans' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  await page.getByRole('button', { name: 'New plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'New plan' });
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await expect(dialog.getByText('Title is required.')).toBeVisible();
  await expect(dialog.getByText('Enter an amount in dollars, such as 49 or 49.99.')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  // A free plan, a negative price and one too large each say what to type instead.
  for (const [typed, message] of [
    ['0', 'A plan costs at least $1.00: checkout charges a card for it, so a plan cannot be free.'],
    ['-5', 'A price cannot be negative: enter at least $1.00.'],
    ['99,999,999', 'A price can be at most $999,999.99.'],
  ] as const) {
    await dialog.getByLabel('Amount (US dollars)').fill(typed);
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByLabel('Amount (US dollars)').fill('129.50');
  await dialog.getByLabel('Description').fill('Everything in Starter, and a second app.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('list', { name: 'Plans' }).getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('$129.50 / month');
  await expect(row).toContainText('0 subscriptions');
  // Live on the customer's open page, last in the order, with its price.
  await expect(card).toBeVisible();
  await expect(card).toContainText('129.50');
  await expect(customer.getByRole('article').last()).toContainText(title);

  // One place up in the order (hidden plans keep their places too).
  const items = page.getByRole('list', { name: 'Plans' }).getByRole('listitem');
  await expect(items.last()).toContainText(title);
  await row.getByRole('button', { name: `Move ${title} up` }).click();
  await expect(items.last()).not.toContainText(title);
  await expect(items.nth((await items.count()) - 2)).toContainText(title);
  await expectAccessible(page);
  await screenshots(page, 'plans');

  // Hidden: gone from pricing at once, still listed for staff.
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit plan' });
  await expect(edit.getByLabel('Amount (US dollars)')).toHaveValue('129.50');
  await edit.getByLabel('Shown on pricing').uncheck();
  await edit.getByRole('button', { name: 'Save plan' }).click();
  await expect(row).toContainText('Hidden');
  await expect(card).toHaveCount(0);

  // Unused, so it can be deleted.
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(row).toHaveCount(0);
});
