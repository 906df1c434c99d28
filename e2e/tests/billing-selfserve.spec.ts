import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, expectAccessible, signUpThroughApi, test } from '../fixtures';
import { subscribeThroughApi, usd } from './billing-helpers';
import { cheapestAndDearest, pdfText, quote, screenshots } from './billing-selfserve-helpers';
import { signInAsNewStaff } from './staff-helpers';

test('upgrade from the subscription: the prorated charge is shown with its rounding, paid, and the plan applies at once', async ({ page }) => {
  const { cheap, dear } = await cheapestAndDearest(page);
  await signUpThroughApi(page);
  const { subscriptionId } = await subscribeThroughApi(page, cheap.id);
  const { chargeNow } = await quote(page, subscriptionId, dear.id);
  expect(chargeNow).toBeGreaterThan(0);

  await page.goto(`/subscription-details/${subscriptionId}`);
  await page.getByRole('button', { name: 'Change plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change plan' });
  await expect(dialog.getByRole('radio', { name: new RegExp(cheap.title) })).toBeDisabled();
  await expect(dialog.getByText('Current plan')).toBeVisible();
  await dialog.getByRole('radio', { name: new RegExp(dear.title) }).check();
  await expect(dialog.getByTestId('charge-now')).toHaveText(`Charged now: ${usd(chargeNow)}`);
  await expect(dialog.getByText(/rounded to the nearest cent/)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'billing-change-plan');

  // A double click sends the change twice; it is charged once.
  await dialog.getByRole('button', { name: `Upgrade and pay ${usd(chargeNow)}` }).dblclick();
  await expect(dialog.getByRole('status')).toHaveText(`Your plan is now ${dear.title}. Paid ${usd(chargeNow)}.`, { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: dear.title })).toBeVisible();
  await expect(page.getByText('ACTIVE', { exact: true })).toBeVisible();

  const payments = (await (await page.request.get('/api/payments')).json()).payments as { purchaseType: string; status: string; amount: number }[];
  expect(payments.filter((p) => p.purchaseType === 'Plan Change')).toEqual([expect.objectContaining({ status: 'Complete', amount: chargeNow })]);
  await page.goto('/payment-history');
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'Plan Change' })).toContainText('Complete');

  // The dashboard's services mark the plan held and lead to it (Change plan) instead of a second purchase.
  await page.goto('/dashboard');
  const services = page.getByRole('region', { name: 'Our Services' });
  const held = services.getByRole('link', { name: new RegExp(dear.title) });
  await expect(held).toContainText('Current plan');
  await expect(held).toContainText('Change plan');
  await expect(services.getByRole('link', { name: new RegExp(cheap.title) })).toContainText('Add a second subscription');
  await held.click();
  await expect(page).toHaveURL(new RegExp(`/subscription-details/${subscriptionId}$`));
});

test('payment history downloads a receipt PDF per completed payment, holding the amounts', async ({ page }) => {
  const { cheap } = await cheapestAndDearest(page);
  await signUpThroughApi(page);
  await subscribeThroughApi(page, cheap.id);
  await page.goto('/payment-history');
  const row = page.getByRole('table').getByRole('row').filter({ hasText: 'New Subscription' });
  await expect(row).toContainText('Complete');
  await expectAccessible(page);
  await screenshots(page, 'billing-history');
  const link = row.getByRole('link', { name: /^Receipt R-\d{6} \(PDF\)$/ });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^receipt-R-\d{6}\.pdf$/);
  const pdf = readFileSync((await download.path())!);
  const text = pdfText(pdf);
  expect(text).toContain(`${cheap.title} (New Subscription)`);
  expect(text).toContain('Amount paid');
  expect(text).toContain(usd(cheap.amount));
  expect(text).toContain('Visa ending 1111');
  expect(text).toMatch(/Receipt R-\d{6}/);
});

test('a refund made by staff (staff API) shows as Partially refunded, then Refunded, in the customer’s history', async ({ page, baseURL }) => {
  const { cheap } = await cheapestAndDearest(page);
  await signUpThroughApi(page);
  await subscribeThroughApi(page, cheap.id);
  const [payment] = (await (await page.request.get('/api/payments')).json()).payments as { id: string }[];
  await page.goto('/payment-history');
  const row = page.getByRole('table').getByRole('row').filter({ hasText: 'New Subscription' });
  await expect(row).toContainText('Complete');

  const staff = await signInAsNewStaff(baseURL!);
  const partial = await staff.post(`/api/staff/payments/${payment!.id}/refunds`, { data: { amount: 1000, reason: 'Goodwill credit', idempotencyKey: randomUUID() } });
  expect(partial.status(), await partial.text()).toBe(200);
  // The customer's open page updates by itself (live topic of the payment).
  await expect(row).toContainText('Partially refunded');
  const tooMuch = await staff.post(`/api/staff/payments/${payment!.id}/refunds`, { data: { amount: cheap.amount, reason: 'Too much', idempotencyKey: randomUUID() } });
  expect(tooMuch.status()).toBe(400);
  const rest = await staff.post(`/api/staff/payments/${payment!.id}/refunds`, { data: { amount: cheap.amount - 1000, reason: 'Cancelled', idempotencyKey: randomUUID() } });
  expect(rest.status(), await rest.text()).toBe(200);
  await expect(row).toContainText('Refunded');
  await expect(row).not.toContainText('Partially');
  await staff.dispose();

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: /^Receipt/ }).click()]);
  const text = pdfText(readFileSync((await download.path())!));
  expect(text).toContain('Refunded');
  expect(text).toContain('Goodwill credit');
  expect(text).toContain(`-${usd(1000)}`);
});
