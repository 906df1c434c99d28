import { expect, newUser, signUpThroughApi, test } from '../fixtures';
import { createChatThroughUi } from '../tests/support-helpers';
import { signInAsNewStaff } from '../tests/staff-helpers';
import { noisePng } from './multi-helpers';

test('a support chat with an image upload and live answers, whichever instance takes each request', async ({ page, baseURL }) => {
  await signUpThroughApi(page, newUser('multichat'));
  // The new chat opens by itself.
  const chatId = await createChatThroughUi(page, 'Technical Support', 'The app still shows our old logo.');
  const log = page.getByRole('log', { name: 'Messages' });

  // The picture goes up in several tus requests, each to the next instance; it shows once it is finished.
  let uploadRequests = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/uploads')) uploadRequests += 1;
  });
  await page.getByTestId('chat-file-input').setInputFiles({ name: 'new-logo.png', mimeType: 'image/png', buffer: noisePng(400, 300) });
  const picture = log.getByRole('button', { name: 'Open image from you' });
  await expect(picture).toBeVisible({ timeout: 20_000 });
  expect(uploadRequests).toBeGreaterThanOrEqual(2);
  await expect.poll(() => picture.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);

  // Support answers three times: the page's event stream is on one instance, the answers land on the others.
  const staff = await signInAsNewStaff(baseURL!);
  for (const text of ['We see it.', 'The new logo is in the next build.', 'It is live now.']) {
    const reply = await staff.post(`/api/staff/chats/${chatId}/messages`, { data: { messageType: 'text', textMessage: text } });
    expect(reply.status()).toBe(201);
    await expect(log.getByText(text)).toBeVisible();
  }
  expect((await staff.post(`/api/staff/chats/${chatId}/close`)).status()).toBe(200);
  await expect(page.getByText('This conversation has been closed.')).toBeVisible();
  await staff.dispose();
});
