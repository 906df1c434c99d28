import { expect, expectAccessible, newUser, signUpThroughApi, test } from '../fixtures';
import { subscribeThroughApi, usd } from './billing-helpers';
import { cheapestAndDearest } from './billing-selfserve-helpers';
import { signInStaffThroughUi } from './staff-helpers';

/** The local Square sandbox's fixed access token (README, "Square"): its Dashboard stand-in takes it like its API. */
const SANDBOX = { authorization: 'Bearer EAAAlocal-sandbox-access-token-0000000000000000' };

for (const width of [1280, 390]) {
  test(`at ${width} px: a refund and a dispute made at Square reach the customer's history, and the dispute reaches staff`, async ({ page, browser, baseURL }, testInfo) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const { cheap } = await cheapestAndDearest(page);
    const customer = await signUpThroughApi(page, newUser(`webhooks${width}`));
    await subscribeThroughApi(page, cheap.id);
    const [payment] = (await (await page.request.get('/api/payments')).json()).payments as { id: string }[];
    await page.goto('/payment-history');
    const row = page.getByRole('row').filter({ hasText: 'New Subscription' });
    await expect(row).toContainText('Complete');

    // A refund made by hand in Square's Dashboard: the sandbox sends its signed events, and the open page updates.
    const refunded = await page.request.post('/square-sandbox/dashboard/refunds', {
      headers: SANDBOX,
      data: { reference_id: payment!.id, amount_money: { amount: 1000, currency: 'USD' } },
    });
    expect(refunded.status(), await refunded.text()).toBe(200);
    await expect(row).toContainText('Partially refunded');
    await expect(row).toContainText(`${usd(1000)} refunded`);

    // The cardholder disputes the payment at their bank.
    const disputed = await page.request.post('/square-sandbox/dashboard/disputes', { headers: SANDBOX, data: { reference_id: payment!.id, reason: 'NOT_RECEIVED' } });
    expect(disputed.status(), await disputed.text()).toBe(200);
    await expect(row).toContainText('Disputed');
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`history-${width}.png`), fullPage: true });

    // Staff see it on the overview and on the customer's page.
    const staffContext = await browser.newContext({ baseURL, viewport: { width, height: width === 390 ? 844 : 800 } });
    const staffPage = await staffContext.newPage();
    await signInStaffThroughUi(staffPage, baseURL!);
    await staffPage.goto('/staff/overview');
    const disputes = staffPage.getByRole('region', { name: 'Payments' });
    await expect(disputes.getByText('Open disputes')).toBeVisible();
    const listed = disputes.getByRole('listitem').filter({ hasText: customer.name });
    await expect(listed).toContainText(usd(cheap.amount));
    await expect(listed).toContainText('Disputed');
    await expect(listed).toContainText('not received');
    await expectAccessible(staffPage);
    await staffPage.screenshot({ path: testInfo.outputPath(`overview-${width}.png`), fullPage: true });
    await listed.getByRole('link', { name: customer.name }).click();
    const payments = staffPage.getByRole('region', { name: 'Payments' });
    await expect(payments.getByRole('row').filter({ hasText: 'New Subscription' })).toContainText('Disputed');
    await staffContext.close();
  });
}
