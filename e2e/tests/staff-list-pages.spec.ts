import { randomUUID } from 'node:crypto';
import { request } from '@playwright/test';
import { expect, expectAccessible, signUpWith, startSignUpWith, test } from '../fixtures';
import { screenshots, signInStaffThroughUi } from './staff-helpers';

// Staff lists show 25 rows, then "Load more" (keyset pages, as the customers' lists do); a search pages too.
test('staff load the second page of a customer search and of a customer’s chats with Load more, from the keyboard', async ({ page, baseURL }) => {
  const tag = `Pager${randomUUID().slice(0, 6)}`;
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const customer = (i: number) => ({ name: `${tag} Customer ${i}`, email: `${tag.toLowerCase()}-${i}@example.com`, phone: '555 201 3344', password: 'a-good-password' });
  for (let i = 1; i <= 26; i += 1) await startSignUpWith(api, customer(i));
  // The last one follows its link, which signs this context in as that customer.
  await signUpWith(api, customer(27));
  // The last of them writes 27 chats, and staff close one: the inbox shows OPEN chats first, on every page.
  const chatIds: string[] = [];
  for (let i = 1; i <= 27; i += 1) {
    const res = await api.post('/api/support/chats', { data: { reason: 'General Inquiry', initialMessage: `Question number ${i}` } });
    expect(res.status(), await res.text()).toBe(201);
    chatIds.push(((await res.json()) as { chatId: string }).chatId);
  }
  await api.dispose();

  await signInStaffThroughUi(page, baseURL!);
  // Closed first: its live event reaches this page long before the customer's chats are read, so no refetch of
  // that list can come in while "Load more" is reading their second page.
  const closed = chatIds[26]!;
  expect((await page.request.post(`/api/staff/chats/${closed}/close`)).status()).toBe(200);
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByLabel('Search customers').fill(tag);
  const rows = page.getByRole('row').filter({ hasText: tag });
  await expect(rows).toHaveCount(25);
  // Newest account first: the 27th is at the top, the 3rd at the bottom of the first page.
  await expect(rows.first()).toContainText(`${tag} Customer 27`);
  await expect(rows.last()).toContainText(`${tag} Customer 3`);
  const loadMore = page.getByRole('button', { name: 'Load more customers' });
  await screenshots(page, 'customers-load-more', loadMore);
  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(27);
  await expect(rows.last()).toContainText(`${tag} Customer 1`);
  await expect(loadMore).toHaveCount(0);
  await expectAccessible(page);

  // The last customer's page lists their chats 25 at a time too; a closed one comes after every open one.
  await page.getByRole('link', { name: `${tag} Customer 27` }).click();
  const chats = page.getByRole('region', { name: 'Chats' });
  const chatItems = chats.getByRole('listitem');
  await expect(chatItems).toHaveCount(25);
  await expect(chatItems.first()).toContainText('Question number 26');
  const moreChats = chats.getByRole('button', { name: 'Load more chats' });
  await moreChats.focus();
  await page.keyboard.press('Enter');
  await expect(chatItems).toHaveCount(27);
  await expect(chatItems.last()).toContainText('CLOSED');
  await expect(chatItems.last()).toContainText('Question number 27');
  await expect(moreChats).toHaveCount(0);
  // A reply to the oldest open chat, from the second page, brings it to the top; the loaded rows stay.
  const reply = await page.request.post(`/api/staff/chats/${chatIds[0]}/messages`, { data: { messageType: 'text', textMessage: 'An answer' } });
  expect(reply.status(), await reply.text()).toBe(201);
  await expect(chatItems.first()).toContainText('An answer');
  await expect(chatItems).toHaveCount(27);
  await expect(chatItems.last()).toContainText('Question number 27');

  // The inbox: this customer's chats by e-mail, 25 and then the rest.
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Inbox' }).click();
  await page.getByRole('group', { name: 'Chat status' }).getByRole('button', { name: 'All' }).click();
  await page.getByLabel('Search chats').fill(`${tag.toLowerCase()}-27@example.com`);
  const inbox = page.getByRole('list', { name: 'Chats' }).getByRole('listitem');
  await expect(inbox).toHaveCount(25);
  const moreInbox = page.getByRole('button', { name: 'Load more chats' });
  await screenshots(page, 'inbox-load-more', moreInbox);
  await moreInbox.focus();
  await page.keyboard.press('Enter');
  await expect(inbox).toHaveCount(27);
  await expect(inbox.last()).toContainText('Question number 27');
  await expect(moreInbox).toHaveCount(0);
});
