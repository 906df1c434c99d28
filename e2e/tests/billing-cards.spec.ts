import { expect, expectAccessible, signUpThroughApi, test } from '../fixtures';
import { CARDS, fillCard } from './billing-helpers';

test('payment methods: add a card, see a declined one fail, change the default and delete cards', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/payment-methods');
  await expect(page.getByRole('heading', { name: 'Payment Methods' })).toBeVisible();
  // No cards: the add form is shown.
  await expect(page.getByRole('heading', { name: 'Add a Card' })).toBeVisible();
  await expectAccessible(page);

  await fillCard(page, CARDS.visa);
  await page.getByRole('button', { name: 'Save Card' }).click();
  const visa = page.getByRole('listitem').filter({ hasText: 'Visa •••• 1111' });
  await expect(visa.getByText('Default', { exact: true })).toBeVisible();
  await expect(page.getByText('Card saved.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Card' }).click();
  await fillCard(page, CARDS.declined);
  await page.getByRole('button', { name: 'Save Card' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to save this card. Your card was declined. Please try another card.');
  // The refused attempt is shown once and leaves no "New card · Not saved" row behind.
  await expect(page.getByRole('listitem').filter({ hasText: 'Not saved' })).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'New card' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: 'Visa •••• 1111' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'Not saved' })).toHaveCount(0);

  // Deleting asks first, in the portal's dialog; keeping the card closes it.
  await visa.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this card?' });
  await expect(confirm).toContainText('Visa •••• 1111');
  await confirm.getByRole('button', { name: 'Keep card' }).click();
  await expect(confirm).toBeHidden();
  await expect(visa).toBeVisible();

  await page.getByRole('button', { name: 'Add Card' }).click();
  await fillCard(page, CARDS.mastercard);
  await page.getByRole('button', { name: 'Save Card' }).click();
  const mastercard = page.getByRole('listitem').filter({ hasText: 'Mastercard •••• 5100' });
  await mastercard.getByRole('button', { name: /Make .* the default card/ }).click();
  await expect(mastercard.getByText('Default', { exact: true })).toBeVisible();
  await expect(visa.getByText('Default', { exact: true })).toHaveCount(0);
  await expectAccessible(page);

  await visa.getByRole('button', { name: /^Delete/ }).click();
  await confirm.getByRole('button', { name: 'Delete card' }).click();
  await expect(visa).toHaveCount(0);
  await mastercard.getByRole('button', { name: /^Delete/ }).click();
  await confirm.getByRole('button', { name: 'Delete card' }).click();
  // No cards left: back to the add form.
  await expect(page.getByRole('heading', { name: 'Add a Card' })).toBeVisible();
  expect((await (await page.request.get('/api/cards')).json()).cards).toEqual([]);
});

test('the card form rejects a card the sandbox does not know, field by field', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/payment-methods');
  await fillCard(page, { number: '4242 4242 4242 4242', cvv: '123' });
  await page.getByRole('button', { name: 'Save Card' }).click();
  await expect(page.getByText('Use one of Square’s Sandbox test card numbers.')).toBeVisible();
  expect((await (await page.request.get('/api/cards')).json()).cards).toEqual([]);
});
