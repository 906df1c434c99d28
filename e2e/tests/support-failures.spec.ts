import { expect, newUser, signUpThroughApi, test } from '../fixtures';
import { makeMediaFiles, recordAlerts, type MediaFiles } from './support-helpers';

let media: MediaFiles;
test.beforeAll(() => {
  media = makeMediaFiles();
});

test('failures show the texts of spec §8', async ({ page, consoleErrors }) => {
  const alerts = recordAlerts(page);
  await signUpThroughApi(page, newUser('failures'));

  // Creating: the server refuses, or the request never arrives.
  await page.goto('/create-chat');
  await page.getByLabel('Message').fill('Hello');
  await page.route('**/api/support/chats', (route) => route.fulfill({ status: 409, json: { error: { code: 'CONFLICT', message: 'no' } } }));
  await page.getByRole('button', { name: 'Create Chat' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to create support chat. Please try again.');
  await page.unroute('**/api/support/chats');
  await page.route('**/api/support/chats', (route) => route.abort());
  await page.getByRole('button', { name: 'Create Chat' }).click();
  await expect(page.getByRole('alert')).toHaveText('An error occurred. Please try again later.');
  await page.unroute('**/api/support/chats');
  await page.getByRole('button', { name: 'Create Chat' }).click();
  // In the chat (it opens once made): a refused message, a refused upload, a file that cannot be downloaded.
  await expect(page).toHaveURL(/\/support\/chat\/[^/]+$/);
  expect(alerts).toHaveLength(1);
  await page.route('**/api/support/chats/*/messages', (route) => route.fulfill({ status: 400, json: { error: { code: 'X', message: 'no' } } }));
  await page.getByPlaceholder('Type a message...').fill('Will this arrive?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to send message.');
  await expect(page.getByPlaceholder('Type a message...')).toHaveValue('Will this arrive?');
  await page.unroute('**/api/support/chats/*/messages');

  await page.route('**/api/uploads', (route) => route.fulfill({ status: 403, json: { error: { code: 'FORBIDDEN', message: 'no' } } }));
  await page.getByTestId('chat-file-input').setInputFiles(media.png);
  await expect(page.getByRole('alert')).toHaveText('Failed to upload file.');
  await page.unroute('**/api/uploads');

  await page.getByTestId('chat-file-input').setInputFiles(media.png);
  await page.getByRole('button', { name: 'Open image from you' }).click();
  await page.route('**/api/files/*', (route) => (route.request().method() === 'HEAD' ? route.fulfill({ status: 404 }) : route.continue()));
  await page.getByRole('dialog').getByRole('button', { name: 'Download' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Could not download file.');
  await page.keyboard.press('Escape');

  // The aborted request above is logged by the browser; it was this test's doing.
  const aborted = consoleErrors.filter((e) => e.includes('net::ERR_FAILED'));
  expect(aborted.length).toBeGreaterThan(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !aborted.includes(e)));
});
