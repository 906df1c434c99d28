import { expect, expectAccessible, signUpThroughApi, test } from '../fixtures';
import { advanceClock, CARD_REFUSED, CARDS, fillCard, firstPlan, refuseCardAtSquare, subscribeThroughApi } from './billing-helpers';
import { signInAsNewStaff } from './staff-helpers';
import { confirmDeletionByMail } from './mail-notify-helpers';
import { screenshots } from './billing-selfserve-helpers';

// These journeys move the server's clock; they run one after another so that each sees the time it expects.
test.describe.configure({ mode: 'serial' });

test('cancel a subscription, then reactivate it at no charge inside the paid period', async ({ page }) => {
  const plan = await firstPlan(page.request);
  await signUpThroughApi(page);
  const { subscriptionId } = await subscribeThroughApi(page, plan.id);
  await page.goto('/my-subscriptions');
  await expect(page.getByRole('heading', { name: plan.title })).toBeVisible();
  await page.getByRole('link', { name: `View details of ${plan.title}` }).click();
  await expect(page.getByText('ACTIVE', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // One kind of confirmation: the portal's dialog, never the browser's pop-up.
  const popUps: string[] = [];
  page.on('dialog', (d) => {
    popUps.push(d.message());
    void d.dismiss();
  });
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to cancel this subscription?' });
  await expect(confirm).toContainText('Why are you cancelling? (optional)');
  await confirm.getByRole('button', { name: 'Keep subscription' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('ACTIVE', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await confirm.getByRole('radio', { name: 'Other', exact: true }).check();
  await expect(confirm.getByRole('button', { name: 'Cancel subscription' })).toBeDisabled();
  await confirm.getByLabel('Comment').fill('Trying it later');
  await expectAccessible(page);
  await screenshots(page, 'subscription-cancel-dialog');
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText('CANCELLED', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Cancelled\. Service ends on \w{3} \d{1,2}, \d{4};/)).toBeVisible();
  await expect(page.getByText('Paid through')).toBeVisible();

  await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
  const reactivate = page.getByRole('dialog', { name: 'Your subscription is still within its paid period. Reactivate at no extra charge?' });
  await screenshots(page, 'subscription-reactivate-dialog');
  await reactivate.getByRole('button', { name: 'Reactivate' }).click();
  await expect(reactivate).toBeHidden();
  await expect(page.getByText('ACTIVE', { exact: true })).toBeVisible();

  // The reason is optional: cancelled without one.
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText('CANCELLED', { exact: true })).toBeVisible();
  const cancelled = await (await page.request.get(`/api/subscriptions/${subscriptionId}`)).json();
  expect(cancelled.cancellation).toEqual({ reason: null, comment: null });
  expect(popUps).toEqual([]);
  const payments = (await (await page.request.get('/api/payments')).json()).payments as unknown[];
  expect(payments).toHaveLength(1);
});

test('an unknown subscription alerts "Subscription not found." and goes back to the list', async ({ page }) => {
  await signUpThroughApi(page);
  const alerts: string[] = [];
  page.once('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });
  await page.goto('/subscription-details/not-a-subscription');
  await expect(page).toHaveURL(/\/my-subscriptions$/);
  expect(alerts).toEqual(['Subscription not found.']);
  await expect(page.getByText('You have no subscriptions yet.')).toBeVisible();
});

test('after the due date a cancelled subscription comes back through checkout', async ({ page }) => {
  const plan = await firstPlan(page.request);
  await signUpThroughApi(page);
  const { subscriptionId } = await subscribeThroughApi(page, plan.id);
  expect((await page.request.post(`/api/subscriptions/${subscriptionId}/cancel`)).status()).toBe(200);
  await advanceClock(page.request, 32);

  await page.goto(`/subscription-details/${subscriptionId}`);
  await expect(page.getByText('CANCELLED', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?plan=${plan.id}&mode=REACTIVATE_SUBSCRIPTION&subscriptionId=${subscriptionId}$`));
  await expect(page.getByRole('heading', { name: 'Reactivate Subscription' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Visa •••• 1111/ })).toBeChecked();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Success! 🎉' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Go to Next Step' }).click();
  await expect(page).toHaveURL(new RegExp(`/questionnaire/${subscriptionId}$`));
  const sub = await (await page.request.get(`/api/subscriptions/${subscriptionId}`)).json();
  expect(sub.status).toBe('ACTIVE');
});

test('moving the clock shows a renewal, then non-payment, then a reactivation with a new card', async ({ page }) => {
  const plan = await firstPlan(page.request);
  await signUpThroughApi(page);
  const { subscriptionId, cardId } = await subscribeThroughApi(page, plan.id);

  // A month on: the card is charged again and the due date moves a month.
  await advanceClock(page.request, 31);
  await page.goto('/payment-history');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: 'Renewal' })).toContainText('Complete');
  await expect(rows.filter({ hasText: 'New Subscription' })).toContainText('Complete');

  // The card is refused at Square: the next renewal fails and is retried after 1, 3 and 7 days.
  await refuseCardAtSquare(page.request, cardId);
  await advanceClock(page.request, 31);
  await page.goto(`/subscription-details/${subscriptionId}`);
  await expect(page.getByText(new RegExp(`^Payment of \\$[\\d.,]+ for .* failed: ${CARD_REFUSED}`))).toBeVisible();
  await expect(page.getByText('ACTIVE', { exact: true })).toBeVisible();
  for (const days of [1, 2, 4]) await advanceClock(page.request, days);
  await page.reload();
  await expect(page.getByText('INACTIVE NONPAYMENT', { exact: true })).toBeVisible();
  await page.goto('/payment-history');
  await expect(rows.filter({ hasText: 'Failed' })).toHaveCount(4);
  await expect(rows.filter({ hasText: 'Failed' }).first()).toContainText(CARD_REFUSED);

  // Nothing active is paid by the refused card any more: it can go.
  await page.goto('/payment-methods');
  await page.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete card' }).click();
  await expect(page.getByRole('heading', { name: 'Add a Card' })).toBeVisible();

  // Back through checkout with a new card.
  await page.goto(`/subscription-details/${subscriptionId}`);
  await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
  await fillCard(page, CARDS.mastercard);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Success! 🎉' })).toBeVisible({ timeout: 20_000 });
  await page.goto('/my-subscriptions');
  await expect(page.getByText('ACTIVE', { exact: true })).toBeVisible();
  await expect(page.getByText('Mastercard •••• 5100')).toBeVisible();
});

test('an account erased by staff is never charged again, a month after its due date', async ({ page, baseURL }) => {
  const plan = await firstPlan(page.request);
  const user = await signUpThroughApi(page);
  const userId = (await (await page.request.get('/api/me')).json()).user.id as string;
  await subscribeThroughApi(page, plan.id);
  const asked = await page.request.post('/api/account-deletion-requests', { data: { name: user.name, email: user.email } });
  await confirmDeletionByMail(page.request, user.email);
  const staff = await signInAsNewStaff(baseURL!);
  const done = await staff.post(`/api/staff/deletion-requests/${(await asked.json()).id}/carry-out`);
  expect(await done.json()).toMatchObject({ status: 'done', outcome: 'erased' });
  await advanceClock(page.request, 32);
  const section = async (name: string) => (await staff.get(`/api/staff/customers/${userId}/${name}`)).json();
  expect((await section('subscriptions')).subscriptions).toMatchObject([{ status: 'CANCELLED' }]);
  expect((await section('payments')).payments).toMatchObject([{ status: 'Complete', purchaseType: 'New Subscription' }]);
  await staff.dispose();
});
