import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures';
import { CARDS, fillCard, firstPlan, usd } from './billing-helpers';
import { customerInNewContext, screenshots, signInStaffThroughUi } from './staff-helpers';

/** The customer's promo code section at checkout. */
async function applyAtCheckout(customer: Page, planId: string, code: string) {
  await customer.goto(`/checkout?plan=${planId}`);
  await customer.getByLabel('Promo code').fill(code.toLowerCase());
  await customer.getByRole('button', { name: 'Apply' }).click();
}

test('staff create a promo code limited to one redemption: the first customer gets it, the second is refused; staff raise the limit, then retire it live', async ({
  page,
  browser,
  baseURL,
}) => {
  // Three people and a paid checkout: longer than one page's journey.
  test.setTimeout(180_000);
  const code = `E2E-${randomUUID().slice(0, 6).toUpperCase()}`;
  const plan = await firstPlan(page.request);
  await signInStaffThroughUi(page, baseURL!);
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Promo codes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Promo codes' })).toBeVisible();
  // The demo content's codes are listed, retired ones too.
  await expect(page.getByRole('list', { name: 'Promo codes' }).getByRole('listitem').filter({ hasText: 'RETIRED15' })).toContainText('Retired');

  await page.getByRole('button', { name: 'New promo code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New promo code' });
  await dialog.getByRole('button', { name: 'Create promo code' }).click();
  await expect(dialog.getByText('Use 2 to 40 letters, digits, - or _ for the code.')).toBeVisible();
  await expect(dialog.getByText('Enter a whole percent from 1 to 100.')).toBeVisible();
  await dialog.getByLabel('Code').fill(code.toLowerCase());
  await dialog.getByLabel('Kind').selectOption('Amount off');
  await dialog.getByLabel('Amount off (US dollars)').fill('5.5');
  await dialog.getByLabel('Max redemptions (empty: no limit)').fill('1');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create promo code' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('list', { name: 'Promo codes' }).getByRole('listitem').filter({ hasText: code });
  await expect(row).toContainText('$5.50 off · First payment only · Every plan');
  await expect(row).toContainText('No expiry · Redeemed 0 of 1');
  await expect(row).toContainText('Active');
  await expect(row.getByRole('button', { name: `Delete ${code}` })).toBeVisible();
  await screenshots(page, 'promo-codes');

  // The first customer applies it at checkout and pays $5.50 less.
  const { page: first } = await customerInNewContext(browser, baseURL!, 'promo1');
  await applyAtCheckout(first, plan.id, code);
  await expect(first.getByText(`Promo code applied! (${code})`)).toBeVisible();
  await expect(first.getByText(`-${usd(550)}`)).toBeVisible();
  await fillCard(first, CARDS.visa);
  await first.getByRole('button', { name: `Pay ${usd(plan.amount - 550)}` }).click();
  await expect(first.getByRole('dialog').getByRole('heading', { name: 'Success! 🎉' })).toBeVisible({ timeout: 20_000 });

  // Staff see the redemption live; a used code can be retired, no longer deleted.
  await expect(row).toContainText('Redeemed 1 of 1');
  await expect(row).toContainText('Used up');
  await expect(row.getByRole('button', { name: `Delete ${code}` })).toHaveCount(0);

  // The second customer is refused with checkout's own words.
  const { page: second } = await customerInNewContext(browser, baseURL!, 'promo2');
  await applyAtCheckout(second, plan.id, code);
  await expect(second.getByText('This promo code has reached its redemption limit.')).toBeVisible();
  await expect(second.getByText(`Promo code applied! (${code})`)).toHaveCount(0);

  // Staff raise the limit: the second customer's code now applies.
  await row.getByRole('button', { name: `Edit ${code}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit promo code' });
  await expect(edit.getByLabel('Code')).toHaveValue(code);
  await expect(edit.getByLabel('Amount off (US dollars)')).toHaveValue('5.50');
  await expect(edit.getByText('Redeemed once so far.')).toBeVisible();
  await edit.getByLabel('Max redemptions (empty: no limit)').fill('2');
  await edit.getByRole('button', { name: 'Save promo code' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Redeemed 1 of 2');
  await second.getByRole('button', { name: 'Apply' }).click();
  await expect(second.getByText(`Promo code applied! (${code})`)).toBeVisible();
  await expect(second.getByText(`-${usd(550)}`)).toBeVisible();

  // Retired while the second customer's checkout is open: the code is withdrawn there at once.
  await row.getByRole('button', { name: `Retire ${code}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retire', exact: true }).click();
  await expect(row).toContainText('Retired');
  await expect(row).toContainText('Redeemed 1 of 2');
  await expect(second.getByText('Invalid promo code.')).toBeVisible();
  await expect(second.getByText(`-${usd(550)}`)).toHaveCount(0);
  await expect(second.getByRole('button', { name: `Pay ${usd(plan.amount)}` })).toBeVisible();
  await expectAccessible(second);
});

test('staff delete a promo code nobody used', async ({ page, baseURL }) => {
  const code = `E2E-${randomUUID().slice(0, 6).toUpperCase()}`;
  await signInStaffThroughUi(page, baseURL!);
  await page.goto('/staff/promo-codes');
  await page.getByRole('button', { name: 'New promo code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New promo code' });
  // A code already taken, an expiry already past and a percent out of range each say what to do; a refusal goes
  // once what it spoke of is changed.
  await dialog.getByLabel('Code').fill('RETIRED15');
  await dialog.getByLabel('Percent off (1 to 100)').fill('-5');
  await dialog.getByRole('button', { name: 'Create promo code' }).click();
  await expect(dialog.getByText('A discount cannot be negative: enter a whole percent from 1 to 100.')).toBeVisible();
  await dialog.getByLabel('Percent off (1 to 100)').fill('99999999');
  await dialog.getByRole('button', { name: 'Create promo code' }).click();
  await expect(dialog.getByText('A percent code takes at most 100%: enter a whole percent from 1 to 100.')).toBeVisible();
  await dialog.getByLabel('Percent off (1 to 100)').fill('15');
  await dialog.getByRole('button', { name: 'Create promo code' }).click();
  await expect(dialog.getByText('The code RETIRED15 already exists.')).toBeVisible();
  await dialog.getByLabel('Code').fill(code);
  await expect(dialog.getByText('The code RETIRED15 already exists.')).toHaveCount(0);
  await dialog.getByLabel('Expires (empty: never)').fill('2020-06-01T12:00');
  await dialog.getByRole('button', { name: 'Create promo code' }).click();
  await expect(dialog.getByText('That expiry date has already passed: choose a later one, or leave it empty for no expiry.')).toBeVisible();
  await dialog.getByLabel('Starter App').check();
  await dialog.getByLabel('Expires (empty: never)').fill('2030-06-01T12:00');
  await screenshots(page, 'promo-code-form');
  await dialog.getByRole('button', { name: 'Create promo code' }).click();
  const row = page.getByRole('list', { name: 'Promo codes' }).getByRole('listitem').filter({ hasText: code });
  await expect(row).toContainText('15% off · First payment only · Starter App');
  await expect(row).toContainText('Expires Jun 1, 2030, 12:00 PM · Redeemed 0 times (no limit)');
  await row.getByRole('button', { name: `Delete ${code}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(row).toHaveCount(0);
});
