import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures';
import { demoRecords } from './content-helpers';
import { customerInNewContext, screenshots, signInStaffThroughUi } from './staff-helpers';

/** Picks an export file (as JSON) and runs the import, replacing or not. */
async function importFile(page: Page, name: string, content: unknown, replace = false) {
  await page.getByLabel('Content file (.json)').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(content)) });
  await page.getByRole('checkbox', { name: 'Replace what the file holds' }).setChecked(replace);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
}

test('staff import a file from the console: a bad record is refused by path, a good file counted, a replace removes a record from the customer page, and the content downloads', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const id = randomUUID().slice(0, 8);
  const kept = { key: `faq-kept-${id}`, question: `Do you translate my app? (${id})`, answer: 'Yes, into any language you sell in.' };
  const dropped = { key: `faq-dropped-${id}`, question: `Do you print flyers? (${id})`, answer: 'Not any more.' };
  const faq = (f: typeof kept, order: number) => ({ [f.key]: { question: f.question, answer: f.answer, order } });
  // The demo FAQs come along: the server is shared, and other journeys show them.
  const good = { FAQs: { ...demoRecords('FAQs'), ...faq(kept, 90), ...faq(dropped, 91) } };

  await signInStaffThroughUi(page, baseURL!);
  const { page: customer } = await customerInNewContext(browser, baseURL!, 'import');
  await customer.goto('/faqs');
  await expect(customer.getByRole('button', { name: 'How long does it take to launch my app?' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Import and export' }).click();
  await expect(page).toHaveURL(/\/staff\/content$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import and export' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  // Written for staff: the console's names for each part, and no developer commands or file keys.
  const main = page.getByRole('main');
  await expect(main).toContainText('plans, promo codes, the questionnaire, step templates');
  await expect(main).toContainText("Customers' projects, accounts and payments are not in it.");
  await expect(main).not.toContainText('npm run');
  await expect(main).not.toContainText('Services');
  await expect(main).not.toContainText('Forms');

  // One bad record: refused with its path, and nothing changed (the good records of the file are not there).
  await importFile(page, 'broken.json', { FAQs: { ...good.FAQs, [`faq-broken-${id}`]: { question: 'No answer?' } } });
  const refused = page.getByRole('alert');
  await expect(refused).toContainText('broken.json was refused and nothing was changed');
  await expect(refused.getByRole('listitem')).toHaveText([`FAQs/faq-broken-${id}/answer is required`]);
  await expect(refused.locator('code')).toHaveText(`FAQs/faq-broken-${id}/answer`);
  await expectAccessible(page);
  await screenshots(page, 'content-refused');
  await customer.reload();
  await expect(customer.getByRole('button', { name: 'How long does it take to launch my app?' })).toBeVisible();
  await expect(customer.getByRole('button', { name: kept.question })).toHaveCount(0);

  // A good file: the counts per collection, and the customer's open page shows the new FAQs.
  await importFile(page, 'faqs.json', good);
  const result = page.getByRole('status').filter({ hasText: 'Imported faqs.json' });
  await expect(result.getByRole('listitem')).toHaveText([/^FAQs: 2 new, 0 updated, \d+ unchanged$/]);
  await expect(customer.getByRole('button', { name: kept.question })).toBeVisible();
  await expect(customer.getByRole('button', { name: dropped.question })).toBeVisible();

  // The current content downloads as an export file that holds them.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download current content' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^portal-content-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as { FAQs: Record<string, { question: string }>; Services: object };
  expect(exported.FAQs[kept.key]).toMatchObject({ question: kept.question, answer: kept.answer, order: 90 });
  expect(exported.FAQs[dropped.key]).toMatchObject({ question: dropped.question });
  expect(Object.keys(exported)).toEqual(expect.arrayContaining(['Services', 'PromoCodes', 'FAQs', 'Guides', 'Forms']));

  // Replacing with the downloaded FAQs less one: that one is gone from the customer's page, the rest stay.
  delete exported.FAQs[dropped.key];
  await importFile(page, 'faqs-replace.json', { FAQs: exported.FAQs }, true);
  const replaced = page.getByRole('status').filter({ hasText: 'Replaced what faqs-replace.json holds' });
  await expect(replaced.getByRole('listitem')).toHaveText([/^FAQs: 0 new, 0 updated, \d+ unchanged, 1 removed$/]);
  await expect(customer.getByRole('button', { name: dropped.question })).toHaveCount(0);
  await expect(customer.getByRole('button', { name: kept.question })).toBeVisible();
  await expect(customer.getByRole('button', { name: 'How long does it take to launch my app?' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'content');
  // On a phone the outcome shows below the form.
  await page.setViewportSize({ width: 390, height: 844 });
  await replaced.scrollIntoViewIfNeeded();
  await page.screenshot({ path: fileURLToPath(new URL('../../docs/screenshots/staff-content-result-390.png', import.meta.url)) });
});
