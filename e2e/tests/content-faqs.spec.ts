import { randomUUID } from 'node:crypto';
import { request } from '@playwright/test';
import { expect, expectAccessible, newUser, signUpThroughApi, test } from '../fixtures';
import { demoRecords } from './content-helpers';

test('FAQs open and close by keyboard', async ({ page }) => {
  await signUpThroughApi(page, newUser('faqs'));
  // Hold the answer back a moment so that the loading message can be seen.
  await page.route('**/api/faqs', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await page.goto('/faqs');
  await expect(page.getByText('Loading FAQs...')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Frequently Asked Questions', level: 1 })).toBeVisible();

  const first = page.getByRole('button', { name: 'How long does it take to launch my app?' });
  const second = page.getByRole('button', { name: 'Do you take a commission on my orders?' });
  const firstAnswer = page.getByText(/Most apps and websites are live within 7 to 14 days/);
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(firstAnswer).toBeHidden();

  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(firstAnswer).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(second).toBeFocused();
  await page.keyboard.press('Space');
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/You pay one monthly subscription and keep what you earn/)).toBeVisible();
  await expectAccessible(page);

  await page.keyboard.press('ArrowUp');
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(firstAnswer).toBeHidden();
});

test('a FAQ added while the page is open appears without a reload', async ({ page, baseURL }) => {
  await signUpThroughApi(page, newUser('faqs-live'));
  await page.goto('/faqs');
  await expect(page.getByRole('button', { name: 'How long does it take to launch my app?' })).toBeVisible();
  const question = `Do you support gift cards? (${randomUUID().slice(0, 6)})`;
  const operator = await request.newContext({ baseURL });
  const res = await operator.post('/api/operator/content/import', {
    headers: { authorization: 'Bearer e2e-operator-token-0123456789' },
    data: {
      FAQs: {
        ...demoRecords('FAQs'),
        [`faq-live-${randomUUID()}`]: { question, answer: 'Yes, sold and redeemed in your app.', order: 99 },
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await operator.dispose();
  await page.getByRole('button', { name: question }).click();
  await expect(page.getByText('Yes, sold and redeemed in your app.')).toBeVisible();
});
