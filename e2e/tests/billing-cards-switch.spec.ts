import { expect, expectAccessible, signUpThroughApi, test } from '../fixtures';
import { CARDS, fillCard, firstPlan, saveCardThroughApi, subscribeThroughApi } from './billing-helpers';
import { screenshots } from './billing-selfserve-helpers';

/** Saves a card that expires in the given month (tokenized at the local sandbox, saved by its token). */
async function saveCardExpiring(page: import('@playwright/test').Page, expMonth: number, expYear: number): Promise<string> {
  const config = await (await page.request.get('/api/payments/config')).json();
  const tokenized = await page.request.post(config.tokenizeUrl, {
    data: { applicationId: config.applicationId, card: { number: '6011 0000 0000 0004', expMonth, expYear, cvv: '111', postalCode: '94103' } },
  });
  expect(tokenized.status(), await tokenized.text()).toBe(200);
  const id = (await (await page.request.post('/api/cards', { data: { nonce: (await tokenized.json()).token } })).json()).id as string;
  await expect.poll(async () => (await (await page.request.get(`/api/cards/${id}`)).json()).status).toBe('Complete');
  return id;
}

test("switching a subscription's card: chosen on the subscription, flagged when it expires first, and asked for when its card is deleted", async ({ page }) => {
  const plan = await firstPlan(page.request);
  await signUpThroughApi(page);
  const { subscriptionId } = await subscribeThroughApi(page, plan.id);
  const mastercardId = await saveCardThroughApi(page, CARDS.mastercard);
  const sub = await (await page.request.get(`/api/subscriptions/${subscriptionId}`)).json();
  // Good through the month the subscription started: before its next renewal.
  const start = new Date(sub.startDate);
  const expiringId = await saveCardExpiring(page, start.getUTCMonth() + 1, start.getUTCFullYear());

  await page.goto(`/subscription-details/${subscriptionId}`);
  const picker = page.getByLabel('Card for this subscription');
  await expect(picker).toHaveValue(sub.cardId);
  await expect(page.getByText(/Visa •••• 1111/).first()).toBeVisible();

  await picker.selectOption(mastercardId);
  await expect(page.getByRole('status').filter({ hasText: 'Card updated.' })).toBeVisible();
  await expect(page.getByText('Mastercard •••• 5100', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'expires before the renewal' })).toHaveCount(0);

  // A card that expires before the next renewal is flagged on the subscription.
  await picker.selectOption(expiringId);
  await expect(page.getByRole('alert').filter({ hasText: 'This card expires before the renewal' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'billing-card-choice');

  // ... and in Saved Cards.
  await page.goto('/payment-methods');
  const amex = page.getByRole('listitem').filter({ hasText: '0004' });
  await expect(amex).toContainText(`Expires before the renewal of ${sub.serviceTitle}`);

  // Deleting the subscription's card asks which card takes over.
  await amex.getByRole('button', { name: /Delete/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Which card takes over?' });
  await expect(dialog).toContainText(`pays ${sub.serviceTitle}`);
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  await expectAccessible(page);
  await screenshots(page, 'billing-card-delete-dialog');
  await dialog.getByRole('radio', { name: /Mastercard •••• 5100/ }).check();
  await dialog.getByRole('button', { name: 'Delete and switch' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: '0004' })).toHaveCount(0);

  const after = await (await page.request.get(`/api/subscriptions/${subscriptionId}`)).json();
  expect(after).toMatchObject({ cardBrand: 'MASTERCARD', cardLast4: '5100' });
  await page.goto(`/subscription-details/${subscriptionId}`);
  await expect(page.getByText('Mastercard •••• 5100', { exact: true })).toBeVisible();
});

test('the card that pays: the only one cannot be deleted (add one first), and default and paying cards are told apart', async ({ page }) => {
  const plan = await firstPlan(page.request);
  await signUpThroughApi(page);
  const { subscriptionId, cardId } = await subscribeThroughApi(page, plan.id);
  // The server refuses it too, with a stable code.
  const refused = await page.request.delete(`/api/cards/${cardId}`);
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.code).toBe('ONLY_PAYING_CARD');

  await page.goto('/payment-methods');
  const visa = page.getByRole('listitem').filter({ hasText: 'Visa •••• 1111' });
  await expect(visa).toContainText(`Pays ${plan.title}`);
  await visa.getByRole('button', { name: /^Delete/ }).click();
  const addFirst = page.getByRole('dialog', { name: 'Add another card first' });
  await expect(addFirst).toContainText(`Visa •••• 1111 pays ${plan.title}.`);
  await expectAccessible(page);
  await screenshots(page, 'billing-card-add-first');
  await addFirst.getByRole('button', { name: 'Add a card' }).click();
  await expect(page.getByRole('heading', { name: 'Add a Card' })).toBeVisible();
  await fillCard(page, CARDS.mastercard);
  await page.getByRole('button', { name: 'Save Card' }).click();
  const mastercard = page.getByRole('listitem').filter({ hasText: 'Mastercard •••• 5100' });
  await expect(mastercard).toBeVisible();
  expect((await (await page.request.get(`/api/cards/${cardId}`)).json()).status).toBe('Complete');

  // Make Default changes the default, not the card that pays the subscription: both say which they are.
  await mastercard.getByRole('button', { name: /Make .* the default card/ }).click();
  await expect(mastercard.getByText('Default', { exact: true })).toBeVisible();
  await expect(mastercard).not.toContainText('Pays');
  await expect(visa).toContainText(`Pays ${plan.title}`);
  await expect(page.getByText('The default card pays new purchases')).toBeVisible();
  await screenshots(page, 'billing-card-default-and-paying');

  await page.goto(`/subscription-details/${subscriptionId}`);
  await expect(page.getByText('Visa •••• 1111', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Card for this subscription')).toHaveValue(cardId);
  await expect(page.getByText('Your default card (Mastercard •••• 5100) pays new purchases; making another card the default does not change this one.')).toContainText('Mastercard •••• 5100');
  await expect(page.getByText('No card on file')).toHaveCount(0);
  await screenshots(page, 'billing-card-subscription-paying');
});
