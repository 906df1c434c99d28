import { expect, expectAccessible, test } from '../fixtures';
import { createChatThroughUi, makeMediaFiles } from './support-helpers';
import { customerInNewContext, screenshots, signInStaffThroughUi } from './staff-helpers';

test('staff see a new chat arrive live, reply with text and an image, and close it while the customer watches', async ({ page, browser, baseURL }) => {
  const media = makeMediaFiles();
  const staff = await signInStaffThroughUi(page, baseURL!);
  await expect(page.getByRole('link', { name: 'Staff', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Support inbox' })).toBeVisible();

  const customer = await customerInNewContext(browser, baseURL!, 'inbox');
  // Only this journey's customer: other journeys write chats to the same server.
  await page.getByLabel('Search chats').fill(customer.user.email);
  await expect(page.getByText('No chats match.')).toBeVisible();

  page.on('dialog', (dialog) => void dialog.accept());
  customer.page.on('dialog', (dialog) => void dialog.accept());
  await createChatThroughUi(customer.page, 'Billing & Payments', 'I was charged twice.');

  // The chat arrives without a reload, unread.
  const row = page.getByRole('list', { name: 'Chats' }).getByRole('link', { name: new RegExp(customer.user.name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Billing & Payments');
  await expect(row).toContainText('I was charged twice.');
  await expect(row).toContainText('1 unread');
  await expectAccessible(page);
  await screenshots(page, 'inbox');

  // The customer watches their chat (it opened once made).
  const customerLog = customer.page.getByRole('log', { name: 'Messages' });
  await expect(customerLog.getByText('I was charged twice.')).toBeVisible();
  await expect(customerLog.getByText('Seen')).toHaveCount(0);

  await row.click();
  await expect(page).toHaveURL(/\/staff\/chats\/[^/]+$/);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('I was charged twice.')).toBeVisible();
  // Opening it clears the unread count, and the customer sees it was read.
  await expect(row).not.toContainText('unread');
  await expect(customerLog.getByText('Seen')).toBeVisible();

  await page.getByPlaceholder('Type a message...').fill('Sorry about that, we are refunding one charge.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(log.getByText('Sorry about that, we are refunding one charge.')).toBeVisible();
  await expect(log.getByText(staff.name)).toBeVisible();
  await page.getByTestId('chat-file-input').setInputFiles(media.png);
  await expect(log.getByRole('button', { name: `Open image from ${staff.name}` })).toBeVisible();
  await expect(row).toContainText('Support: Media message');

  // The customer sees the replies live, from "Support".
  await expect(customerLog.getByText('Sorry about that, we are refunding one charge.')).toBeVisible();
  await expect(customerLog.getByRole('button', { name: 'Open image from support' })).toBeVisible();
  await expect(customerLog.getByText(staff.name)).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'chat');

  await page.getByRole('button', { name: 'Close chat' }).click();
  await expect(customer.page.getByText('This conversation has been closed.')).toBeVisible();
  await expect(customer.page.getByPlaceholder('Type a message...')).toHaveCount(0);
  await expect(page.getByText('This conversation has been closed. Reopen it to reply.')).toBeVisible();
  await expect(row).toHaveCount(0); // the OPEN filter no longer lists it
  await page.getByRole('button', { name: 'Closed', exact: true }).click();
  await expect(row).toContainText('CLOSED');

  await page.getByRole('button', { name: 'Reopen chat' }).click();
  await expect(customer.page.getByPlaceholder('Type a message...')).toBeVisible();

  // At phone width the inbox is the list, then the conversation alone with a way back.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Support inbox' })).toBeHidden();
  await page.getByRole('link', { name: 'Back to the inbox' }).click();
  await expect(page.getByRole('heading', { name: 'Support inbox' })).toBeVisible();
  await customer.page.context().close();
});
