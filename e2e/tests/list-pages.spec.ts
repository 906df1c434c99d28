import { expect, newUser, signUpThroughApi, test } from '../fixtures';
import { screenshots } from './billing-selfserve-helpers';
import { signInAsNewStaff } from './support-helpers';

// Lists that can grow show 25 rows, then "Load more"; a conversation shows its newest 25 messages, then older ones.
test('a customer with 30 chats sees 25 and loads the rest; a long conversation loads its older messages above and keeps them when a reply comes in', async ({ page, baseURL }) => {
  await signUpThroughApi(page, newUser('pages'));
  const chatIds: string[] = [];
  for (let i = 1; i <= 30; i += 1) {
    const res = await page.request.post('/api/support/chats', { data: { reason: 'General Inquiry', initialMessage: `Question number ${i}` } });
    expect(res.status(), await res.text()).toBe(201);
    chatIds.push(((await res.json()) as { chatId: string }).chatId);
  }
  const longChat = chatIds[0]!;
  for (let i = 1; i <= 60; i += 1) {
    const res = await page.request.post(`/api/support/chats/${longChat}/messages`, { data: { messageType: 'text', textMessage: `Follow-up ${i}` } });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto('/support');
  const chats = page.getByRole('list', { name: 'Your support chats' }).getByRole('listitem');
  await expect(chats).toHaveCount(25);
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await loadMore.scrollIntoViewIfNeeded();
  await screenshots(page, 'list-pages-load-more');
  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect(chats).toHaveCount(30);
  await expect(loadMore).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Question number 2\b/ })).toBeVisible();

  // The conversation (61 messages) opens at its newest 25; scrolling up to the top reads the 25 before them, and
  // "Load older messages" the first 11, each time above the messages in view, which stay where they were.
  await page.goto(`/support/chat/${longChat}`);
  const log = page.getByRole('log', { name: 'Messages' });
  const messages = log.getByRole('listitem');
  await expect(messages).toHaveCount(25);
  await expect(log.getByText('Follow-up 60')).toBeVisible();
  await expect(messages.first()).toContainText('Follow-up 36');
  // Opened at the newest message, at the bottom of the log.
  await expect.poll(() => log.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop)).toBeLessThan(2);
  await log.hover();
  await page.mouse.wheel(0, -20_000);
  await expect(messages).toHaveCount(50);
  await expect(log.getByText('Follow-up 36')).toBeInViewport();
  expect(await log.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  const older = log.getByRole('button', { name: 'Load older messages' });
  // Pressed where it is, without scrolling the log (scrolling up would read the page by itself).
  await older.dispatchEvent('click');
  await expect(messages).toHaveCount(61);
  await expect(messages.first()).toContainText('Question number 1');
  await expect(older).toHaveCount(0);
  await log.evaluate((el) => el.scrollTo({ top: 0 }));
  await screenshots(page, 'list-pages-older-messages');

  // Support replies while the customer reads the oldest messages: the reply comes in live (only the newest page is
  // read again), and the older messages stay shown where the customer is reading.
  const staff = await signInAsNewStaff(baseURL!);
  const reply = await staff.post(`/api/staff/chats/${longChat}/messages`, { data: { messageType: 'text', textMessage: 'A reply from support' } });
  expect(reply.status(), await reply.text()).toBe(201);
  await staff.dispose();
  await expect(messages).toHaveCount(62);
  await expect(messages.last()).toContainText('A reply from support');
  await expect(messages.first()).toContainText('Question number 1');
  await expect(log.getByText('Question number 1')).toBeInViewport();
});
