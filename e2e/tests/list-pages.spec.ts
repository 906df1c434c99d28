import { expect, newUser, operatorUrl, signUpThroughApi, test } from '../fixtures';
import { CARDS, operator, plansOnSale, saveCardThroughApi } from './billing-helpers';
import { screenshots } from './billing-selfserve-helpers';
import { signInAsNewStaff } from './staff-helpers';

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

// What decides on the active subscriptions reads all of them, however many cancelled ones came after; saved cards
// come 25 at a time, the default card first.
test('with 30 cancelled subscriptions newer than the 2 active ones and 30 saved cards, the active ones still count', async ({ page }) => {
  test.slow();
  const user = newUser('many');
  await signUpThroughApi(page, user);
  const [held, alsoHeld, other] = await plansOnSale(page.request, 3);
  const subscribe = async (planId: string) => {
    const res = await page.request.post(operatorUrl('/api/operator/onboarding/subscriptions'), { headers: operator, data: { email: user.email, planId } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { subscriptionId: string }).subscriptionId;
  };
  const active = [await subscribe(held!.id), await subscribe(alsoHeld!.id)];
  for (let i = 0; i < 30; i += 1) {
    const cancelled = await page.request.post(`/api/subscriptions/${await subscribe(other!.id)}/cancel`, { data: { reason: 'unused' } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
  }
  // The first card is the default; the second, which pays both active subscriptions, ends up on the second page.
  await saveCardThroughApi(page);
  const paying = await saveCardThroughApi(page, CARDS.mastercard);
  for (const id of active) expect((await page.request.put(`/api/subscriptions/${id}/card`, { data: { cardId: paying } })).status()).toBe(200);
  for (let i = 0; i < 28; i += 1) {
    // Card saves are limited to 20 a minute per customer, whatever the session: the last ones wait for the next minute.
    if (i === 18) await page.waitForTimeout(61_000);
    await saveCardThroughApi(page);
  }

  await page.goto('/dashboard');
  const services = page.getByRole('region', { name: 'Our Services' });
  await expect(services.getByRole('link').filter({ hasText: 'Current plan' })).toHaveCount(2);
  await expect(services.getByRole('link').filter({ hasText: held!.title })).toContainText('Change plan');
  await expect(services.getByRole('link').filter({ hasText: other!.title })).toContainText('Add another subscription');

  await page.goto('/select-plan');
  await expect(page.getByText('Current plan')).toHaveCount(2);
  await page.getByRole('button', { name: 'Change plan', exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/subscription-details/(${active.join('|')})$`));
  // The subscription's own card shows as chosen, though it is not among the 25 newest cards.
  await expect(page.getByLabel('Card for this subscription')).toHaveValue(paying);

  await page.goto('/payment-methods');
  const saved = page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem');
  // The default card first, then the 25 newest.
  await expect(saved).toHaveCount(26);
  await expect(saved.first()).toContainText('Default');
  const loadMore = page.getByRole('button', { name: 'Load more cards' });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await loadMore.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `docs/screenshots/list-pages-saved-cards-${width}.png` });
  }
  await loadMore.click();
  await expect(saved).toHaveCount(30);
  await expect(loadMore).toHaveCount(0);
  // The card of both active subscriptions asks which card takes over, naming both.
  await page.getByRole('button', { name: 'Delete Mastercard ending in 5100' }).click();
  const dialog = page.getByRole('dialog', { name: 'Which card takes over?' });
  await expect(dialog).toContainText(held!.title);
  await expect(dialog).toContainText(alsoHeld!.title);
  await dialog.getByRole('button', { name: 'Keep card' }).click();
  await expect(saved).toHaveCount(30);
});
