import { expect, expectAccessible, newUser, signUpThroughApi, test } from '../fixtures';
import { createChatThroughUi, makeMediaFiles, openChat, recordAlerts, type MediaFiles } from './support-helpers';
import { signInAsNewStaff } from './staff-helpers';

let media: MediaFiles;
test.beforeAll(() => {
  media = makeMediaFiles();
});

test('a customer opens a chat, sends text, an image and a video, and sees support answer and close it live', async ({ page, baseURL }) => {
  const alerts = recordAlerts(page);
  const user = await signUpThroughApi(page, newUser('chat'));
  await page.goto('/dashboard');
  await page.getByRole('button', { name: `Account menu for ${user.name}` }).click();
  await page.getByRole('menuitem', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByText('You have no support chats yet.')).toBeVisible();

  // Create: General Inquiry is the default of the eight reasons; a blank message is refused.
  await page.getByRole('link', { name: 'Create New Chat' }).click();
  await expect(page.getByLabel('Reason')).toHaveValue('General Inquiry');
  await expect(page.getByLabel('Reason').locator('option')).toHaveText([
    'Account Issues', 'Billing & Payments', 'Subscription Problems', 'Technical Support', 'Feature Request', 'Bug Report', 'General Inquiry', 'Other',
  ]);
  await page.getByLabel('Message').fill('   ');
  await page.getByRole('button', { name: 'Create Chat' }).click();
  await expect(page.getByText('Please provide a message.')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Reason').selectOption('Technical Support');
  await page.getByLabel('Message').fill('My menu editor will not save.');
  await page.getByRole('button', { name: 'Create Chat' }).click();
  // The new chat opens, after the spec's alert.
  await expect(page).toHaveURL(/\/support\/chat\/[^/]+$/);
  expect(alerts).toHaveLength(1);
  await expect(page.getByRole('heading', { name: 'Support Chat' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Support' }).click();
  const item = page.getByRole('link', { name: /Technical Support/ });
  await expect(item).toContainText('My menu editor will not save.');
  await expect(item).toContainText('OPEN');
  const chatId = await openChat(page, /Technical Support/);
  await expect(page.getByRole('heading', { name: 'Support Chat' })).toBeVisible();
  await expect(page.getByText('OPEN', { exact: true })).toBeVisible();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('My menu editor will not save.')).toBeVisible();

  // Text: Send waits for something that is not blank; the text goes trimmed and the input clears.
  const input = page.getByPlaceholder('Type a message...');
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeDisabled();
  await input.fill('   ');
  await expect(send).toBeDisabled();
  await input.fill('  It fails since this morning.  ');
  await send.click();
  await expect(log.getByText('It fails since this morning.', { exact: true })).toBeVisible();
  await expect(input).toHaveValue('');
  await expect(log.locator('time').last()).toHaveText(/^\d{1,2}:\d{2}\s?[AP]M$/);
  await expectAccessible(page);

  // Attachments: anything but an image or a video is refused with an alert.
  await page.getByTestId('chat-file-input').setInputFiles(media.text);
  await expect.poll(() => alerts.at(-1)).toBe('Invalid file type.');
  await page.getByTestId('chat-file-input').setInputFiles(media.png);
  await expect(log.getByRole('button', { name: 'Open image from you' })).toBeVisible();

  // A larger video goes in chunks: hold the second one to watch the progress and the busy Send button.
  let releaseChunk!: () => void;
  const held = new Promise<void>((resolve) => (releaseChunk = resolve));
  let patches = 0;
  await page.route('**/api/uploads/*', async (route) => {
    if (route.request().method() === 'PATCH' && ++patches === 2) await held;
    await route.continue();
  });
  await page.getByTestId('chat-file-input').setInputFiles(media.mp4);
  const progress = page.getByRole('progressbar', { name: 'Uploading walkthrough.mp4' });
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: '...' })).toBeDisabled();
  releaseChunk();
  await expect(log.getByRole('button', { name: 'Play video from you' })).toBeVisible();
  await expect(progress).toBeHidden();
  await expect(send).toHaveText('Send');

  // Support answers; the open page shows it without a reload.
  const staff = await signInAsNewStaff(baseURL!);
  const reply = await staff.post(`/api/staff/chats/${chatId}/messages`, { data: { messageType: 'text', textMessage: 'Thanks! We are fixing it now.' } });
  expect(reply.status()).toBe(201);
  await expect(log.getByText('Thanks! We are fixing it now.')).toBeVisible();

  // The viewer: Download names the file as a support file; Escape, the close button and a click outside close it.
  await log.getByRole('button', { name: 'Open image from you' }).click();
  const viewer = page.getByRole('dialog', { name: 'Image' });
  await expect(viewer.getByRole('img', { name: 'Full-size image' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), viewer.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^support_file_\d{13}\.jpg$/);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await log.getByRole('button', { name: 'Play video from you' }).click();
  const videoViewer = page.getByRole('dialog', { name: 'Video' });
  await expect(videoViewer.locator('video')).toBeVisible();
  const [videoDownload] = await Promise.all([page.waitForEvent('download'), videoViewer.getByRole('button', { name: 'Download' }).click()]);
  expect(videoDownload.suggestedFilename()).toMatch(/^support_file_\d{13}\.mp4$/);
  await page.mouse.click(20, 400);
  await expect(videoViewer).toBeHidden();
  await log.getByRole('button', { name: 'Open image from you' }).click();
  await page.getByRole('dialog', { name: 'Image' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  // Support closes the chat: the form gives way to the notice, live.
  expect((await staff.post(`/api/staff/chats/${chatId}/close`)).status()).toBe(200);
  await expect(page.getByText('This conversation has been closed.')).toBeVisible();
  await expect(input).toBeHidden();
  await expect(page.getByRole('button', { name: 'Attach image or video' })).toBeHidden();
  await expect(page.getByText('CLOSED', { exact: true })).toBeVisible();
  await staff.dispose();

  await page.getByRole('link', { name: 'Back to Support' }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('link', { name: /Technical Support/ })).toContainText('CLOSED');
  await expect(page.getByRole('link', { name: /Technical Support/ })).toContainText('Thanks! We are fixing it now.');
});

test('the chat list follows new activity live, newest first, with "Media message" for media', async ({ page, baseURL }) => {
  recordAlerts(page);
  await signUpThroughApi(page, newUser('list'));
  await createChatThroughUi(page, 'Billing & Payments', 'Question about my invoice');
  await createChatThroughUi(page, 'Feature Request', 'Dark mode please');
  await page.getByRole('link', { name: 'Back to Support' }).click();
  const items = page.getByRole('list', { name: 'Your support chats' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Feature Request');

  const billingChat = await openChat(page, /Billing & Payments/);
  await page.getByTestId('chat-file-input').setInputFiles(media.png);
  await expect(page.getByRole('button', { name: 'Open image from you' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Support' }).click();
  await expect(items.first()).toContainText('Billing & Payments');
  await expect(items.first()).toContainText('Media message');

  const staff = await signInAsNewStaff(baseURL!);
  const chats = (await (await staff.get('/api/staff/chats')).json()).chats as Array<{ id: string; reason: string }>;
  const featureChat = chats.find((c) => c.reason === 'Feature Request' && c.id !== billingChat)!;
  await staff.post(`/api/staff/chats/${featureChat.id}/messages`, { data: { messageType: 'text', textMessage: 'It is on our list.' } });
  await expect(items.first()).toContainText('It is on our list.');
  await staff.dispose();

  // At phone width the list and a chat with media fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fitsWidth()).toBe(true);
  await openChat(page, /Billing & Payments/);
  await expect(page.getByRole('button', { name: 'Open image from you' })).toBeVisible();
  await expect(page.getByPlaceholder('Type a message...')).toBeVisible();
  expect(await fitsWidth()).toBe(true);
});

test('two customers never see each other\'s chats', async ({ page, browser }) => {
  recordAlerts(page);
  await signUpThroughApi(page, newUser('owner'));
  const chatId = await createChatThroughUi(page, 'Account Issues', 'Private question');
  const chatUrl = page.url();

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signUpThroughApi(other, newUser('other'));
  await other.goto('/support');
  await expect(other.getByText('You have no support chats yet.')).toBeVisible();
  await other.goto(chatUrl);
  await expect(other.getByRole('alert')).toHaveText('This chat was not found.');
  await expect(other.getByText('Private question')).toBeHidden();
  const attempt = await other.request.post(`/api/support/chats/${chatId}/messages`, { data: { messageType: 'text', textMessage: 'hi' } });
  expect(attempt.status()).toBe(404);
  await otherContext.close();
});
