import { expect, expectAccessible, signUpThroughApi, test } from '../fixtures';
import { advanceClock, CARD_REFUSED, CARDS, refuseCardAtSquare, saveCardThroughApi, subscribeThroughApi, usd } from './billing-helpers';
import { cheapestAndDearest, screenshots } from './billing-selfserve-helpers';

// These journeys move the server's clock; they run one after another so that each sees the time it expects.
test.describe.configure({ mode: 'serial' });

test('a downgrade waits, said in words, can be undone or replaced from Change plan, and applies at the due date', async ({ page }) => {
  const { cheap, dear } = await cheapestAndDearest(page);
  await signUpThroughApi(page);
  const { subscriptionId } = await subscribeThroughApi(page, dear.id);
  await page.goto(`/subscription-details/${subscriptionId}`);
  await page.getByRole('button', { name: 'Change plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change plan' });
  await dialog.getByRole('radio', { name: new RegExp(cheap.title) }).check();
  await expect(dialog.getByText(`Changes to ${cheap.title} on`)).toBeVisible();
  await dialog.getByRole('button', { name: /^Change on / }).click();
  await expect(dialog.getByRole('status')).toHaveText(new RegExp(`^Changes to ${cheap.title} on \\w{3} \\d{1,2}, \\d{4}$`));
  await dialog.getByRole('button', { name: 'Done' }).click();
  // Words, not codes: the badge says what changes when (the API keeps ACTIVE_PENDING_UPDATE).
  const waiting = new RegExp(`^Active · changes to ${cheap.title} on \\w{3} \\d{1,2}, \\d{4}$`);
  await expect(page.getByText(waiting)).toBeVisible();
  await expect(page.getByText('ACTIVE PENDING_UPDATE')).toHaveCount(0);
  expect((await (await page.request.get(`/api/subscriptions/${subscriptionId}`)).json()).status).toBe('ACTIVE_PENDING_UPDATE');
  const notice = page.getByText(new RegExp(`^Changes to ${cheap.title} on`));
  await expect(notice).toBeVisible();
  await screenshots(page, 'subscription-pending-change');

  // Change plan stays, offering to undo or replace the waiting change.
  await page.getByRole('button', { name: 'Change plan' }).click();
  await expect(dialog).toContainText('Choosing another plan replaces this change.');
  await expect(dialog.getByRole('radio', { name: new RegExp(cheap.title) })).toBeDisabled();
  await screenshots(page, 'subscription-pending-change-dialog');
  await dialog.getByRole('button', { name: `Undo change and keep ${dear.title}` }).click();
  await expect(dialog.getByText('Choosing another plan replaces this change.')).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page.getByText('ACTIVE', { exact: true })).toBeVisible();
  await expect(notice).toBeHidden();

  const again = await page.request.post(`/api/subscriptions/${subscriptionId}/change-plan`, { data: { planId: cheap.id } });
  expect(again.status(), await again.text()).toBe(200);
  await expect(page.getByText(waiting)).toBeVisible();

  await advanceClock(page.request, 32);
  await page.reload();
  await expect(page.getByRole('heading', { name: cheap.title })).toBeVisible();
  await expect(page.getByText('ACTIVE', { exact: true })).toBeVisible();
  await page.goto('/payment-history');
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'Renewal' })).toContainText(usd(cheap.amount));
});

test('a failed renewal shows a banner on the dashboard and is paid from it with another card', async ({ page }) => {
  const { cheap } = await cheapestAndDearest(page);
  await signUpThroughApi(page);
  const { subscriptionId, cardId } = await subscribeThroughApi(page, cheap.id);
  await refuseCardAtSquare(page.request, cardId);
  await advanceClock(page.request, 32);

  await page.goto('/dashboard');
  const banner = page.getByRole('alert').filter({ hasText: 'failed' });
  await expect(banner).toContainText(`Payment of ${usd(cheap.amount)} for ${cheap.title} failed: ${CARD_REFUSED}`);
  await expect(banner).toContainText(/We will try again on \w{3} \d{1,2}, \d{4}\./);
  await expectAccessible(page);
  await screenshots(page, 'billing-dunning-banner');

  await saveCardThroughApi(page, CARDS.mastercard);
  await banner.getByRole('button', { name: 'Update card and pay now' }).click();
  const dialog = page.getByRole('dialog', { name: `Pay ${usd(cheap.amount)} now` });
  await dialog.getByRole('radio', { name: 'Mastercard •••• 5100' }).check();
  await dialog.getByRole('button', { name: `Pay ${usd(cheap.amount)}` }).click();
  await expect(dialog.getByRole('status')).toHaveText('Payment received. Your subscription is active.', { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(banner).toBeHidden();

  await page.goto(`/subscription-details/${subscriptionId}`);
  await expect(page.getByText('ACTIVE', { exact: true })).toBeVisible();
  await expect(page.getByText('Mastercard •••• 5100', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update card and pay now' })).toBeHidden();
});
