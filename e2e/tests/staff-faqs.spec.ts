import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures';
import { customerInNewContext, screenshots, signInStaffThroughUi } from './staff-helpers';

/** The questions of the customer's open /faqs, top to bottom. */
const questionsOn = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();

test('staff create, edit, reorder and delete FAQs, and an open /faqs follows without a reload', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const id = randomUUID().slice(0, 6);
  const first = `Do you build kiosks? (${id})`;
  const second = `Can I export my customers? (${id})`;
  await signInStaffThroughUi(page, baseURL!);
  const { page: customer } = await customerInNewContext(browser, baseURL!, 'faq-reader');
  await customer.goto('/faqs');
  await expect(customer.getByRole('button', { name: 'How long does it take to launch my app?' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'FAQs' }).click();
  await expect(page).toHaveURL(/\/staff\/faqs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'FAQs' })).toBeVisible();
  const list = page.getByRole('list', { name: 'FAQs' });
  await expect(list.getByRole('listitem').first()).toContainText('How long does it take to launch my app?');

  // Both fields are required; the form says so next to each.
  await page.getByRole('button', { name: 'New FAQ' }).click();
  const dialog = page.getByRole('dialog', { name: 'New FAQ' });
  await dialog.getByRole('button', { name: 'Create FAQ' }).click();
  await expect(dialog.getByText('Question is required.')).toBeVisible();
  await expect(dialog.getByText('Answer is required.')).toBeVisible();
  await dialog.getByLabel('Question').fill(first);
  // Plain text: the line break is kept and the tag is shown as typed, never as HTML.
  await dialog.getByLabel('Answer').fill('Yes, for counter service.\nAsk us for a quote: <b>free</b>.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create FAQ' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'New FAQ' }).click();
  await dialog.getByLabel('Question').fill(second);
  await dialog.getByLabel('Answer').fill('Yes, as a spreadsheet.');
  await dialog.getByRole('button', { name: 'Create FAQ' }).click();
  await expect(dialog).toBeHidden();

  // New FAQs come last, on the staff list and live on the customer's page.
  const items = list.getByRole('listitem');
  await expect(items.last()).toContainText(second);
  await expect(items.nth((await items.count()) - 2)).toContainText(first);
  await expect(customer.getByRole('button', { name: second })).toBeVisible();
  await expect.poll(async () => (await questionsOn(customer)).indexOf(second) - (await questionsOn(customer)).indexOf(first)).toBe(1);
  await customer.getByRole('button', { name: first }).click();
  const answer = customer.getByRole('region', { name: first });
  await expect(answer).toHaveText('Yes, for counter service.\nAsk us for a quote: <b>free</b>.', { useInnerText: true });
  await expect(answer.locator('b')).toHaveCount(0);

  // Moved up by keyboard: the second now comes before the first, on the customer's page too.
  await list.getByRole('button', { name: `Move ${second} up` }).focus();
  await page.keyboard.press('Enter');
  await expect(items.last()).toContainText(first);
  await expect(items.nth((await items.count()) - 2)).toContainText(second);
  await expect.poll(async () => (await questionsOn(customer)).indexOf(first) - (await questionsOn(customer)).indexOf(second)).toBe(1);
  await expect(list.getByRole('button', { name: `Move ${first} down` })).toBeDisabled();
  // Focus stays on the pressed button, so the keyboard can move it again.
  await expect(list.getByRole('button', { name: `Move ${second} up` })).toBeFocused();
  await expectAccessible(page);
  await screenshots(page, 'faqs');

  // Edited: the open page shows the new wording.
  const renamed = `Do you build self-order kiosks? (${id})`;
  await list.getByRole('button', { name: `Edit ${first}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit FAQ' });
  await expect(edit.getByLabel('Answer')).toHaveValue('Yes, for counter service.\nAsk us for a quote: <b>free</b>.');
  await edit.getByLabel('Question').fill(renamed);
  await screenshots(page, 'faq-form');
  await edit.getByRole('button', { name: 'Save FAQ' }).click();
  await expect(edit).toBeHidden();
  await expect(items.last()).toContainText(renamed);
  await expect(customer.getByRole('button', { name: renamed })).toBeVisible();
  await expect(customer.getByRole('button', { name: first })).toHaveCount(0);

  // Deleted after a confirmation: gone from both pages.
  for (const question of [renamed, second]) {
    await list.getByRole('button', { name: `Delete ${question}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(list.getByRole('listitem').filter({ hasText: question })).toHaveCount(0);
    await expect(customer.getByRole('button', { name: question })).toHaveCount(0);
  }
  await expect(customer.getByRole('button', { name: 'How long does it take to launch my app?' })).toBeVisible();
  await customer.context().close();
});
