import { expect, expectAccessible, test } from '../fixtures';
import { createChatThroughUi } from './support-helpers';
import { customerInNewContext, openStaffSection, screenshots, signInStaffThroughUi } from './staff-helpers';

test('a customer rates a closed chat from the keyboard, once, and staff see the average on the overview', async ({ page, browser, baseURL }) => {
  await signInStaffThroughUi(page, baseURL!);
  const customer = await customerInNewContext(browser, baseURL!, 'rating');
  customer.page.on('dialog', (dialog) => void dialog.accept());
  const chatId = await createChatThroughUi(customer.page, 'Technical Support', 'My app does not open.');
  const customerLog = customer.page.getByRole('log', { name: 'Messages' });

  // Staff answer and close the chat.
  await page.goto(`/staff/chats/${chatId}`);
  await page.getByPlaceholder('Type a message...').fill('Fixed: please update the app.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(customerLog.getByText('Fixed: please update the app.')).toBeVisible();
  const rating = customer.page.getByRole('group', { name: 'How was this conversation?' });
  await expect(rating).toHaveCount(0);
  await page.getByRole('button', { name: 'Close chat' }).click();

  // The closed chat asks the customer, live; sending without a choice says what is missing.
  await expect(rating).toBeVisible();
  await customer.page.getByRole('button', { name: 'Send rating' }).click();
  await expect(customer.page.getByText('Please choose a rating from 1 to 5.')).toBeVisible();
  // A radio group: one tab stop, arrows move the choice.
  await rating.getByRole('radio', { name: '1 Very poor' }).focus();
  await customer.page.keyboard.press('ArrowRight');
  await customer.page.keyboard.press('ArrowRight');
  await customer.page.keyboard.press('ArrowRight');
  await expect(rating.getByRole('radio', { name: '4 Good' })).toBeChecked();
  await customer.page.getByLabel('Comment (optional)').fill('Quick answer, thank you.');
  await expectAccessible(customer.page);
  await customer.page.setViewportSize({ width: 390, height: 844 });
  const width = await customer.page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await customer.page.getByRole('button', { name: 'Send rating' }).click();
  await expect(customer.page.getByText('Thank you for rating this conversation: 4 out of 5.')).toBeVisible();
  await expect(rating).toHaveCount(0);
  // Once per closing: a reload shows the rating given, not the form.
  await customer.page.reload();
  await expect(customer.page.getByText('Thank you for rating this conversation: 4 out of 5.')).toBeVisible();

  // Staff see the average and the first-response time on the overview, at both widths.
  await openStaffSection(page, 'Overview');
  const quality = page.getByRole('region', { name: 'Support quality' });
  await expect(quality.getByText('4.0 / 5')).toBeVisible();
  await expect(quality.getByText('1 rating, last 30 days')).toBeVisible();
  await expect(quality.getByText('Median first response')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'support-quality', quality);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(quality.getByText('4.0 / 5')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await customer.page.context().close();
});
