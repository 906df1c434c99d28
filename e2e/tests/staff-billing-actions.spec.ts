import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, mailsTo, operatorUrl, test } from '../fixtures';
import { firstPlan, operator, subscribeThroughApi } from './billing-helpers';
import { customerInNewContext, screenshots, signInStaffThroughUi } from './staff-helpers';

// Billing actions on a customer's staff page (issue 23 point 2), and its sections read a page at a time (point 3),
// each journey at a desktop's and a phone's width.
/** Screenshots at both widths (docs/screenshots), taken in the phone's run, which then goes on at its own width. */
async function screenshotsOnce(page: Page, phone: boolean, name: string, at?: Locator) {
  if (!phone) return;
  await screenshots(page, name, at);
  await page.setViewportSize({ width: 390, height: 844 });
}

for (const width of [1280, 390]) {
  const phone = width === 390;
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: phone ? 844 : 800 } });

    test('staff refund part of a payment with a reason; the customer sees it in their history and is e-mailed', async ({ page, browser, baseURL }) => {
      await signInStaffThroughUi(page, baseURL!);
      const customer = await customerInNewContext(browser, baseURL!, 'refund');
      await subscribeThroughApi(customer.page, (await firstPlan(customer.page.request)).id);
      const userId = (await (await customer.page.request.get('/api/me')).json()).user.id as string;
      await page.goto(`/staff/customers/${userId}`);
      const payments = page.getByRole('region', { name: 'Payments' });
      await payments.getByRole('button', { name: /^Refund the/ }).click();

      const dialog = page.getByRole('dialog', { name: 'Refund this payment?' });
      const amount = dialog.getByLabel('Amount to refund (dollars)');
      const all = await amount.inputValue();
      await amount.fill('100000');
      await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
      await expect(dialog.getByText(`At most $${all} is left to refund.`)).toBeVisible();
      await expect(dialog.getByText('Please say why.')).toBeVisible();
      await amount.fill('10');
      await dialog.getByLabel('Reason (the customer sees it)').fill('The launch slipped a week');
      await expectAccessible(page);
      await screenshotsOnce(page, phone, 'refund-dialog');
      await dialog.getByRole('button', { name: 'Refund $10.00' }).click();
      await expect(dialog).toBeHidden();
      await expect(payments).toContainText('$10.00 refunded');
      await expect(payments).toContainText('Partially refunded');
      const audit = page.getByRole('region', { name: 'Audit log' });
      const entry = audit.getByRole('listitem').filter({ hasText: 'Refunded a payment for' });
      await expect(entry).toContainText('The launch slipped a week');

      await customer.page.goto('/payment-history');
      await expect(customer.page.getByText('$10.00 refunded')).toBeVisible();
      await expect(customer.page.getByText('Partially refunded')).toBeVisible();
      await expect
        .poll(async () => (await mailsTo(customer.page.request, customer.user.email)).map((m) => m.subject).filter((s) => s.startsWith('Your refund: $10.00')))
        .toHaveLength(1);
      await customer.page.context().close();
    });

    test('staff cancel at the period end with the customer’s reason, reactivate, and extend the due date; the overview groups churn by reason', async ({ page, browser, baseURL }) => {
      await signInStaffThroughUi(page, baseURL!);
      const customer = await customerInNewContext(browser, baseURL!, 'cancel');
      await subscribeThroughApi(customer.page, (await firstPlan(customer.page.request)).id);
      const userId = (await (await customer.page.request.get('/api/me')).json()).user.id as string;
      await page.goto(`/staff/customers/${userId}`);
      const subscriptions = page.getByRole('region', { name: 'Subscriptions' });

      await subscriptions.getByRole('button', { name: /^Cancel subscription:/ }).click();
      const cancel = page.getByRole('dialog', { name: /^Cancel / });
      await cancel.getByRole('button', { name: 'Cancel subscription' }).click();
      await expect(cancel.getByText('Choose the reason the customer gave.')).toBeVisible();
      await cancel.getByLabel('At the end of the paid period').check();
      await cancel.getByLabel('The customer’s reason').selectOption({ label: 'Too expensive' });
      await cancel.getByLabel('Comment (optional)').fill('Budget cut this quarter');
      await cancel.getByRole('button', { name: 'Cancel subscription' }).click();
      await expect(cancel).toBeHidden();
      await expect(subscriptions).toContainText('CANCELLED');
      await expect(subscriptions).toContainText('Too expensive');
      await expect(subscriptions).toContainText('“Budget cut this quarter”');

      await subscriptions.getByRole('button', { name: /^Reactivate:/ }).click();
      const reactivate = page.getByRole('dialog', { name: /^Reactivate / });
      await reactivate.getByLabel('Reason').fill('The customer called back');
      await reactivate.getByRole('button', { name: 'Reactivate' }).click();
      await expect(reactivate).toBeHidden();
      await expect(subscriptions).toContainText('ACTIVE');
      await expect(subscriptions).not.toContainText('Too expensive');

      const due = (await (await customer.page.request.get('/api/subscriptions')).json()).subscriptions[0].dueDate as number;
      await subscriptions.getByRole('button', { name: /^Extend due date:/ }).click();
      const extend = page.getByRole('dialog', { name: /^Extend / });
      await extend.getByLabel('Days to add').fill('14');
      await extend.getByLabel('Reason').fill('The store review took two weeks');
      await expectAccessible(page);
      await screenshotsOnce(page, phone, 'extend-dialog');
      await extend.getByRole('button', { name: 'Extend due date' }).click();
      await expect(extend).toBeHidden();
      const after = (await (await customer.page.request.get('/api/subscriptions')).json()).subscriptions[0].dueDate as number;
      expect(after - due).toBe(14 * 86_400_000);
      const audit = page.getByRole('region', { name: 'Audit log' });
      await expect(audit.getByRole('listitem').filter({ hasText: 'Extended the due date of' })).toContainText('The store review took two weeks');
      await expect(audit.getByRole('listitem').filter({ hasText: 'Cancelled the subscription' })).toBeVisible();
      await expect(audit.getByRole('listitem').filter({ hasText: 'Reactivated the subscription' })).toBeVisible();
      await expect
        .poll(async () => (await mailsTo(customer.page.request, customer.user.email)).map((m) => m.subject).filter((s) => / on us$/.test(s)))
        .toEqual(['14 days of ' + (await firstPlan(customer.page.request)).title + ' on us']);

      // Cancelled again, now: it stays cancelled, so the overview counts it under its reason.
      await subscriptions.getByRole('button', { name: /^Cancel subscription:/ }).click();
      await cancel.getByLabel('Now (the paid period ends today)').check();
      await cancel.getByLabel('The customer’s reason').selectOption({ label: 'Missing features' });
      await cancel.getByRole('button', { name: 'Cancel subscription' }).click();
      await expect(cancel).toBeHidden();
      await expect(subscriptions).toContainText('Missing features');
      await expect(subscriptions.getByRole('button', { name: /^Reactivate:/ })).toBeHidden();
      await screenshotsOnce(page, phone, 'customer-subscriptions', subscriptions);

      await page.goto('/staff/overview');
      const churn = page.getByRole('region', { name: 'Why customers cancel' });
      await expect(churn.getByRole('row', { name: /Missing features/ })).toBeVisible();
      await expectAccessible(page);
      await screenshotsOnce(page, phone, 'overview-churn', churn);
      await customer.page.context().close();
    });

    test('a section with more than a page loads the rest with Load more', async ({ page, browser, baseURL }) => {
      await signInStaffThroughUi(page, baseURL!);
      const customer = await customerInNewContext(browser, baseURL!, 'pages');
      const userId = (await (await customer.page.request.get('/api/me')).json()).user.id as string;
      for (let i = 0; i < 27; i += 1) {
        const res = await customer.page.request.post(operatorUrl('/api/operator/onboarding/subscriptions'), { headers: operator, data: { email: customer.user.email } });
        expect(res.status(), await res.text()).toBe(201);
      }
      await page.goto(`/staff/customers/${userId}`);
      const list = page.getByRole('region', { name: 'Subscriptions' }).getByRole('list', { name: 'Subscriptions' });
      await expect(list.getByRole('listitem')).toHaveCount(25);
      const more = page.getByRole('button', { name: 'Load more subscriptions' });
      await more.focus();
      await page.keyboard.press('Enter');
      await expect(list.getByRole('listitem')).toHaveCount(27);
      await expect(more).toBeHidden();
      await customer.page.context().close();
    });
  });
}
