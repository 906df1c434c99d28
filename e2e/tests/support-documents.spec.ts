import { readFileSync } from 'node:fs';
import { expect, expectAccessible, test } from '../fixtures';
import { createChatThroughUi } from './support-helpers';
import { customerInNewContext, screenshots, signInStaffThroughUi } from './staff-helpers';

const pdf = (title: string) => Buffer.concat([Buffer.from(`%PDF-1.4\n% ${title}\n`, 'latin1'), Buffer.alloc(4000, 0x20)]);

test('a customer sends a PDF that staff download, staff send one back, and a renamed non-PDF is refused', async ({ page, browser, baseURL }) => {
  const staff = await signInStaffThroughUi(page, baseURL!);
  const customer = await customerInNewContext(browser, baseURL!, 'documents');
  customer.page.on('dialog', (dialog) => void dialog.accept());
  const chatId = await createChatThroughUi(customer.page, 'Billing & Payments', 'Here is the invoice I mean.');
  const customerLog = customer.page.getByRole('log', { name: 'Messages' });

  const invoice = pdf('invoice');
  await customer.page.getByTestId('chat-file-input').setInputFiles({ name: 'Invoice March.pdf', mimeType: 'application/pdf', buffer: invoice });
  await expect(customerLog.getByRole('link', { name: 'Download PDF from you' })).toBeVisible();

  // A text file named .pdf is refused by its bytes.
  await customer.page.getByTestId('chat-file-input').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some notes, not a PDF') });
  await expect(customer.page.getByText('Failed to upload file.')).toBeVisible();
  await expect(customerLog.getByRole('link', { name: /^Download PDF/ })).toHaveCount(1);

  await page.goto(`/staff/chats/${chatId}`);
  const log = page.getByRole('log', { name: 'Messages' });
  const link = log.getByRole('link', { name: `Download PDF from ${customer.user.name}` });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('Invoice_March.pdf');
  expect(readFileSync((await download.path())!).equals(invoice)).toBe(true);

  await page.getByTestId('chat-file-input').setInputFiles({ name: 'Refund receipt.pdf', mimeType: 'application/pdf', buffer: pdf('receipt') });
  await expect(log.getByRole('link', { name: `Download PDF from ${staff.name}` })).toBeVisible();
  await expect(customerLog.getByRole('link', { name: 'Download PDF from support' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'chat-documents', log.getByRole('link', { name: `Download PDF from ${staff.name}` }));

  await customer.page.setViewportSize({ width: 390, height: 844 });
  await expect(customerLog.getByRole('link', { name: 'Download PDF from support' })).toBeVisible();
  expect(await customer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const [received] = await Promise.all([customer.page.waitForEvent('download'), customerLog.getByRole('link', { name: 'Download PDF from support' }).click()]);
  expect(received.suggestedFilename()).toBe('Refund_receipt.pdf');
  await customer.page.context().close();
});
