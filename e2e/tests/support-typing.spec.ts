import { expect, test } from '../fixtures';
import { createChatThroughUi } from './support-helpers';
import { customerInNewContext, signInStaffThroughUi } from './staff-helpers';

test('each side sees "typing…" while the other types, at desktop and phone widths', async ({ page, browser, baseURL }) => {
  await signInStaffThroughUi(page, baseURL!);
  const customer = await customerInNewContext(browser, baseURL!, 'typing');
  customer.page.on('dialog', (dialog) => void dialog.accept());
  const chatId = await createChatThroughUi(customer.page, 'Technical Support', 'Is anyone there?');
  await page.goto(`/staff/chats/${chatId}`);
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Is anyone there?')).toBeVisible();
  await customer.page.setViewportSize({ width: 390, height: 844 });

  const customerTyping = page.getByRole('status').filter({ hasText: `${customer.user.name} is typing…` });
  await expect(customerTyping).toHaveCount(0);
  await customer.page.getByPlaceholder('Type a message...').pressSequentially('Hello, my app', { delay: 50 });
  await expect(customerTyping).toBeVisible();
  // It goes once the typing stops.
  await expect(customerTyping).toHaveCount(0, { timeout: 15_000 });

  const supportTyping = customer.page.getByRole('status').filter({ hasText: 'Support is typing…' });
  await page.getByPlaceholder('Type a message...').pressSequentially('Let me check', { delay: 50 });
  await expect(supportTyping).toBeVisible();
  // Nobody sees their own typing.
  await expect(page.getByRole('status').filter({ hasText: 'Support is typing…' })).toHaveCount(0);
  expect(await customer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await customer.page.context().close();
});
