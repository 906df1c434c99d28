import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures';
import { customerInNewContext, screenshots, signInStaffThroughUi } from './staff-helpers';

// This journey runs on a server of its own (playwright.config.ts): other journeys count the demo guides.

/** The guide titles of the customer's open /help-guides, in their order. */
const titlesOn = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();

test('staff create, edit and delete a help guide, and an open /help-guides follows without a reload', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const id = randomUUID().slice(0, 6);
  const title = `Add a cash drawer (${id})`;
  await signInStaffThroughUi(page, baseURL!);
  const { page: customer } = await customerInNewContext(browser, baseURL!, 'guide-reader');
  await customer.goto('/help-guides');
  await expect(customer.getByRole('button', { name: 'Connect a receipt printer' })).toBeVisible();
  const demoCount = (await titlesOn(customer)).length;

  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Help guides' }).click();
  await expect(page).toHaveURL(/\/staff\/help-guides$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Help guides' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Help guides' });
  // One Edit button a guide (each row's chips are list items too).
  await expect(list.getByRole('button', { name: /^Edit / })).toHaveCount(demoCount);

  await page.getByRole('button', { name: 'New guide' }).click();
  const dialog = page.getByRole('dialog', { name: 'New guide' });
  await dialog.getByRole('button', { name: 'Create guide' }).click();
  await expect(dialog.getByText('Title is required.')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Category').fill('Hardware');
  await dialog.getByLabel('User level').selectOption('intermediate');
  await dialog.getByLabel('Console types (comma-separated)').fill('Tablet, Web Console');
  await dialog.getByLabel('Navigation path').fill('Manager App > Settings > Devices > Cash Drawer');
  await dialog.getByLabel('Description').fill('Open the drawer when a cash order is paid.\nWorks with most USB drawers.');
  await dialog.getByLabel('How to use').fill('Plug the drawer into the printer.\nTurn on <i>Open on cash</i>.');
  // A tag given twice is refused before anything is sent.
  await dialog.getByLabel('Tags (comma-separated)').fill('cash, devices, Cash');
  await dialog.getByRole('button', { name: 'Create guide' }).click();
  await expect(dialog.getByText('Give each tag once.')).toBeVisible();
  await dialog.getByLabel('Tags (comma-separated)').fill('cash, devices');
  await expectAccessible(page);
  await screenshots(page, 'help-guide-form');
  await dialog.getByRole('button', { name: 'Create guide' }).click();
  await expect(dialog).toBeHidden();

  // Hardware, then "Add…" before "Connect…": first, for staff and live for the customer.
  const row = list.getByRole('listitem').filter({ hasText: title });
  await expect(list.getByRole('listitem').first()).toContainText(title);
  await expect(row).toContainText('intermediate');
  await expect(row).not.toContainText('N/A');
  await expect.poll(async () => (await titlesOn(customer))[0]).toBe(title);
  await customer.getByRole('button', { name: title }).click();
  const guide = customer.getByRole('dialog', { name: title });
  await expect(guide.getByText('Open the drawer when a cash order is paid.')).toHaveText(
    'Open the drawer when a cash order is paid.\nWorks with most USB drawers.',
    { useInnerText: true },
  );
  await expect(guide.getByText('Plug the drawer into the printer.')).toHaveText('Plug the drawer into the printer.\nTurn on <i>Open on cash</i>.', { useInnerText: true });
  await expect(guide.locator('i')).toHaveCount(0);
  for (const text of ['Hardware', 'intermediate', 'Tablet', 'Web Console', '#cash', '#devices', 'Manager App > Settings > Devices > Cash Drawer'])
    await expect(guide.getByText(text, { exact: true })).toBeVisible();
  await expect(guide.getByText(/^Last Updated: [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await guide.getByRole('button', { name: 'Close', exact: true }).click();
  await expectAccessible(page);
  await screenshots(page, 'help-guides');

  // Another category moves it among that category's guides, on the open page too.
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit guide' });
  await expect(edit.getByLabel('Console types (comma-separated)')).toHaveValue('Tablet, Web Console');
  await expect(edit.getByLabel('How to use')).toHaveValue('Plug the drawer into the printer.\nTurn on <i>Open on cash</i>.');
  await edit.getByLabel('Category').fill('Store Settings');
  await edit.getByLabel('User level').selectOption('beginner');
  await edit.getByRole('button', { name: 'Save guide' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Store Settings');
  await expect(list.getByRole('listitem').first()).not.toContainText(title);
  await expect.poll(async () => (await titlesOn(customer)).slice(-3)).toEqual([title, 'Connect your payout account', 'Set your business hours']);
  await expect(customer.getByRole('listitem').filter({ hasText: title })).toContainText('beginner');

  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(row).toHaveCount(0);
  await expect(customer.getByRole('button', { name: title })).toHaveCount(0);
  expect(await titlesOn(customer)).toHaveLength(demoCount);
  await customer.context().close();
});
