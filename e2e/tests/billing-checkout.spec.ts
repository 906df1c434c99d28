import { expect, expectAccessible, newUser, signUpThroughApi, signUpThroughUi, test } from '../fixtures';
import { CARDS, fillCard, firstPlan, importPromo, plansOnSale, saveCardThroughApi, usd } from './billing-helpers';

test('a new user picks a plan, signs up, pays with a new card and a promo code, and reaches the questionnaire', async ({ page }) => {
  const plan = await firstPlan(page.request);
  const code = await importPromo(page.request, { type: 'percent', value: 25 });
  await page.goto('/select-plan');
  await page.getByRole('button', { name: 'Sign Up Today' }).first().click();
  await expect(page).toHaveURL(/\/login\?plan=/);
  await signUpThroughUi(page, newUser('buyer'), page.url());
  await expect(page).toHaveURL(new RegExp(`/checkout\\?plan=${plan.id}$`));

  await expect(page.getByRole('heading', { name: 'Review Your Subscription' })).toBeVisible();
  await expect(page.getByText(plan.title)).toBeVisible();
  // No saved cards: the new-card form is shown at once.
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expectAccessible(page);

  const promo = page.getByLabel('Promo code');
  const apply = page.getByRole('button', { name: 'Apply' });
  await apply.click(); // blank: nothing happens
  await expect(page.getByText('Invalid promo code.')).toHaveCount(0);
  await promo.fill('NOT-A-CODE');
  await apply.click();
  await expect(page.getByText('Invalid promo code.')).toBeVisible();
  await promo.fill(code.toLowerCase());
  await apply.click();
  await expect(page.getByText(`Promo code applied! (${code})`)).toBeVisible();
  await expect(promo).toBeDisabled();
  await expect(apply).toBeDisabled();
  const discount = Math.round(plan.amount * 0.25);
  await expect(page.getByText(`Discount (${code})`)).toBeVisible();
  await expect(page.getByText(`-${usd(discount)}`)).toBeVisible();
  await expect(page.getByText('Total Due Today')).toBeVisible();

  await fillCard(page, CARDS.visa);
  await page.getByRole('button', { name: `Pay ${usd(plan.amount - discount)}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Success! 🎉' })).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Go to Next Step' }).click();
  await expect(page).toHaveURL(/\/questionnaire\/[0-9a-f-]{36}$/);

  const payments = (await (await page.request.get('/api/payments')).json()).payments as Array<{ purchaseType: string }>;
  const purchases = payments.filter((p) => p.purchaseType === 'New Subscription');
  expect(purchases).toHaveLength(1);
  expect(purchases[0]).toMatchObject({ status: 'Complete', amount: plan.amount - discount, promoCode: code, cardLast4: '1111' });
});

test('a declined card shows the error modal with the reason, and closes', async ({ page }) => {
  const plan = await firstPlan(page.request);
  await signUpThroughApi(page);
  await page.goto(`/checkout?plan=${plan.id}`);
  await fillCard(page, CARDS.declined);
  await page.getByRole('button', { name: /^Pay / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Oops! Something went wrong.' })).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText('Your card was declined. Please try another card.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // The attempt is in Payment History as Failed, with its reason (spec payment statuses).
  const { payments } = await (await page.request.get('/api/payments')).json();
  expect(payments).toEqual([expect.objectContaining({ status: 'Failed', serviceId: plan.id, failureReason: 'Your card was declined. Please try another card.' })]);
  await page.goto('/payment-history');
  const row = page.getByRole('table').getByRole('row').filter({ hasText: plan.title });
  await expect(row).toContainText('Failed');
  await expect(row).toContainText('Your card was declined. Please try another card.');
  expect((await (await page.request.get('/api/subscriptions')).json()).subscriptions).toEqual([]);
});

test('inline card validation stops a wrong card before anything is sent', async ({ page }) => {
  const plan = await firstPlan(page.request);
  await signUpThroughApi(page);
  await page.goto(`/checkout?plan=${plan.id}`);
  await fillCard(page, { number: '4111 1111 1111 1112', cvv: '1' }, '01 / 20', '');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('Card number is not valid.')).toBeVisible();
  await expect(page.getByText('This card has expired.')).toBeVisible();
  await expect(page.getByText('CVV must be 3 digits.')).toBeVisible();
  await expect(page.getByText('Enter the postal code.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Card number').fill('3400 000000 00009');
  await expect(page.getByText('American Express')).toBeVisible();
});

test('checkout with a saved card: the first card is preselected, and a double click pays once', async ({ page }) => {
  const plan = await firstPlan(page.request);
  await signUpThroughApi(page);
  await saveCardThroughApi(page, CARDS.mastercard);
  await page.goto(`/checkout?plan=${plan.id}`);
  const saved = page.getByRole('radio', { name: /Mastercard •••• 5100/ });
  await expect(saved).toBeChecked();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Use a new card' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await saved.click();
  await expectAccessible(page);
  await page.getByRole('button', { name: `Pay ${usd(plan.amount)}` }).dblclick();
  await expect(page.getByRole('heading', { name: 'Success! 🎉' })).toBeVisible({ timeout: 20_000 });
  const payments = (await (await page.request.get('/api/payments')).json()).payments as Array<{ purchaseType: string; cardLast4: string }>;
  expect(payments.filter((p) => p.purchaseType === 'New Subscription')).toHaveLength(1);
  expect(payments[0]!.cardLast4).toBe('5100');
});

test('checkout without a plan shows "..."', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/checkout');
  await expect(page.getByText('...', { exact: true })).toBeVisible();
});

test('payment history: empty, then the rows of each payment, newest first', async ({ page }) => {
  // Two plans: a customer buys each plan once.
  const [plan, other] = await plansOnSale(page.request, 2);
  await signUpThroughApi(page);
  await page.goto('/payment-history');
  await expect(page.getByText('No payment history found.')).toBeVisible();
  const code = await importPromo(page.request, { type: 'amount', value: 100 });
  const cardId = await saveCardThroughApi(page);
  for (const [planId, promoCode] of [[other!.id, null], [plan!.id, code]] as const) {
    const res = await page.request.post('/api/checkout', { data: { planId, cardId, promoCode, idempotencyKey: `history-${promoCode ?? 'none'}-${Date.now()}` } });
    expect(res.status()).toBe(202);
  }
  await page.reload();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Description', 'Amount', 'Status', 'Receipt']);
  const rows = table.getByRole('row').filter({ hasText: 'New Subscription' });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(usd(plan!.amount - 100));
  await expect(rows.nth(0)).toContainText(code);
  await expect(rows.nth(1)).toContainText(usd(other!.amount));
  // Pending at first, the rows turn Complete live.
  await expect(rows.nth(0)).toContainText('Complete');
  await expect(rows.nth(1)).toContainText('Complete');
  await expectAccessible(page);
});
