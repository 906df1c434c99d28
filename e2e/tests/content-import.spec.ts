import { randomUUID } from 'node:crypto';
import { expect, newUser, signUpThroughApi, test } from '../fixtures';
import { demoRecords, portalImport } from './content-helpers';

test('npm run portal -- import: the running portal takes the file, a re-import changes nothing, a bad file changes nothing', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const id = randomUUID().slice(0, 8);
  const faq = {
    question: `Can I import my own FAQs? (${id})`,
    answer: 'Yes, with npm run portal -- import.',
    order: 50,
  };
  const exportFile = {
    FAQs: { ...demoRecords('FAQs'), [`faq-import-${id}`]: faq },
    PromoCodes: { ...demoRecords('PromoCodes'), [`IMPORT${id.toUpperCase()}`]: { type: 'percent', value: 25 } },
    Users: { someone: { Name: 'Not content' } },
  };

  await signUpThroughApi(page, newUser('importer'));
  await page.goto('/faqs');
  await expect(page.getByRole('button', { name: 'How long does it take to launch my app?' })).toBeVisible();

  const first = portalImport(baseURL!, exportFile);
  expect(first.stderr).toBe('');
  expect(first.code).toBe(0);
  expect(first.stdout).toMatch(/FAQs\s+1 new, 0 updated, \d+ unchanged/);
  expect(first.stdout).toMatch(/PromoCodes\s+1 new, 0 updated, \d+ unchanged/);
  expect(first.stdout).toContain('Ignored (not content): Users');
  // The open page shows the imported FAQ without a reload.
  const question = page.getByRole('button', { name: faq.question });
  await expect(question).toBeVisible();

  const again = portalImport(baseURL!, exportFile);
  expect(again.code).toBe(0);
  expect(again.stdout).toMatch(/FAQs\s+0 new, 0 updated, \d+ unchanged/);
  expect(again.stdout).toMatch(/PromoCodes\s+0 new, 0 updated, \d+ unchanged/);
  await page.reload();
  await expect(question).toHaveCount(1);

  const bad = portalImport(baseURL!, {
    FAQs: {
      [`faq-import-${id}`]: { ...faq, answer: 'Changed by a bad file.' },
      [`faq-extra-${id}`]: { question: `Extra ${id}?`, answer: 'No.' },
    },
    PromoCodes: { [`BAD${id.toUpperCase()}`]: { type: 'percent', value: 0 } },
  });
  expect(bad.code).toBe(1);
  expect(bad.stderr).toContain('The import was rejected and nothing was changed');
  expect(bad.stderr).toContain(`PromoCodes/BAD${id.toUpperCase()}/value: expected a positive whole number`);
  await page.reload();
  await question.click();
  await expect(page.getByText('Yes, with npm run portal -- import.')).toBeVisible();
  await expect(page.getByText('Changed by a bad file.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Extra ${id}?` })).toHaveCount(0);
});
