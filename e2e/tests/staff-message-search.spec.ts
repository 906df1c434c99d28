import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures';
import { createChatThroughUi } from './support-helpers';
import { customerInNewContext, screenshots, signInStaffThroughUi } from './staff-helpers';

/** Sends the customer's text messages through the API the chat page uses. */
async function sendMessages(page: Page, chatId: string, texts: string[]) {
  for (const textMessage of texts) {
    const res = await page.request.post(`/api/support/chats/${chatId}/messages`, { data: { messageType: 'text', textMessage } });
    expect(res.status(), await res.text()).toBe(201);
  }
}

test('staff search the words of messages and open the conversation at the message found, at desktop and phone widths', async ({ page, browser, baseURL }) => {
  await signInStaffThroughUi(page, baseURL!);
  const customer = await customerInNewContext(browser, baseURL!, 'search');
  customer.page.on('dialog', (dialog) => void dialog.accept());
  // A word no other journey writes, in a message that 30 later ones push onto an older page of the conversation.
  const word = `quokka${randomUUID().slice(0, 6)}`;
  const chatId = await createChatThroughUi(customer.page, 'Billing & Payments', 'Hello, a question about my plan.');
  await sendMessages(customer.page, chatId, [`The ${word} invoices were refunded twice`]);
  await sendMessages(customer.page, chatId, Array.from({ length: 30 }, (_, i) => `Later message number ${i + 1}`));

  const search = page.getByRole('search', { name: 'Search messages' });
  await search.getByLabel('Words to find in messages').fill(`${word} refund`);
  await search.getByRole('button', { name: 'Search' }).click();
  const found = page.getByRole('list', { name: 'Messages found' }).getByRole('link');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(`The ${word} invoices were refunded twice`);
  await expect(found).toContainText(customer.user.name);
  await expect(page.getByRole('list', { name: 'Chats' })).toHaveCount(0);
  await expectAccessible(page);

  await found.click();
  await expect(page).toHaveURL(new RegExp(`/staff/chats/${chatId}#message-`));
  const log = page.getByRole('log', { name: 'Messages' });
  const marked = log.locator('li[aria-current="true"]');
  await expect(marked).toContainText(`The ${word} invoices were refunded twice`);
  await expect(marked).toBeInViewport();
  await expect(marked).toBeFocused();
  await screenshots(page, 'message-search', marked);

  // Words that match nothing say so; clearing the search brings the chats back.
  await search.getByLabel('Words to find in messages').fill(`${word}zzz`);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No messages match these words.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByRole('list', { name: 'Chats' })).toBeVisible();

  // On a phone: the search, then the conversation alone, at the message.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/staff');
  await search.getByLabel('Words to find in messages').fill(`"${word} invoices"`);
  await search.getByLabel('Words to find in messages').press('Enter');
  await found.click();
  await expect(page.getByRole('heading', { name: 'Support inbox' })).toBeHidden();
  await expect(marked).toBeInViewport();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await customer.page.context().close();
});
